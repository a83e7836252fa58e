/**
 * Looks up a dotted key in a message tree and fills polyglot-style %{name} placeholders.
 * Used where react-admin's i18nProvider is not available: the public pages and the sandbox API.
 */
export type MessageTree = { [key: string]: string | MessageTree };

export function lookupMessage(messages: MessageTree, key: string): string | undefined {
  let node: string | MessageTree | undefined = messages;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function interpolate(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/%\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export function translateWith(
  messages: MessageTree,
  fallback: MessageTree,
  key: string,
  params?: Record<string, unknown>,
): string {
  const template = lookupMessage(messages, key) ?? lookupMessage(fallback, key) ?? key;
  return interpolate(template, params);
}
