/**
 * A text the sandbox writes for a reader to see later (a balance-history line, …) is stored as a
 * message key with its parameters, never as a sentence in one language, and rendered in the
 * reader's language when shown. A parameter that is itself translatable (a resource kind, an
 * order's kind) is a nested message text, rendered first.
 */
import type { Translate } from './periods';

export interface MessageText {
  key: string;
  params?: MessageParams;
}

export type MessageParam = string | number | MessageText;

export type MessageParams = Record<string, MessageParam>;

/** The text in `translate`'s language, nested parameters rendered in the same language. */
export function renderMessageText(text: MessageText, translate: Translate): string {
  const params: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(text.params ?? {})) {
    params[name] = typeof value === 'object' ? renderMessageText(value, translate) : value;
  }
  return translate(text.key, params);
}

/** Every key a text uses, its own and its nested parameters', e.g. to check they all exist. */
export function messageTextKeys(text: MessageText): string[] {
  return [
    text.key,
    ...Object.values(text.params ?? {}).flatMap((value) =>
      typeof value === 'object' ? messageTextKeys(value) : [],
    ),
  ];
}
