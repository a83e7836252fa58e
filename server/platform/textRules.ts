/**
 * Characters no text the API stores may carry (issue 20), checked once for every request body
 * with the contract's validation (contract.ts), so a new field cannot miss it:
 *
 * - C0 controls (U+0000–U+001F: NUL, ESC, backspace…), DEL (U+007F) and C1 controls
 *   (U+0080–U+009F): invisible, they break logs, terminals and the files a customer exports;
 * - the bidirectional formatting characters — embeddings and overrides (U+202A–U+202E), isolates
 *   (U+2066–U+2069) and the invisible direction marks (U+200E, U+200F, U+061C) — which make a
 *   name or a ticket read differently from what it is (an RTL override in the agency's list);
 * - half of a surrogate pair (JSON's "\ud800" alone): no character at all, which the database
 *   would store as "�" instead of what was sent (a pair, an emoji, matches nothing here).
 *
 * A field the contract marks `x-multiline: true` (a ticket's message, an SSH public key pasted
 * from its file) may hold line feeds and tabs, and a carriage return only as part of a CRLF line
 * end, as API clients on Windows send; a lone CR, which lets one line overwrite another on a
 * terminal, is refused there too. Every other string refuses tabs and line breaks as well.
 * Refused, not stripped: silently storing something other than what was sent would surprise the
 * customer more than a field error saying why.
 */
import type { ErrorObject } from 'ajv';

type JsonSchema = Record<string, unknown>;

/** The schema keyword that lets a string field hold line breaks and tabs. */
export const MULTILINE_KEYWORD = 'x-multiline';
/** The keyword of the validation errors this check adds (errorReplies.ts gives its message). */
export const CONTROL_CHARACTERS_KEYWORD = 'controlCharacters';

const ALWAYS_REFUSED =
  // Control characters are exactly what this expression is for.
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\uD800-\uDFFF]/u;
const LINE_BREAK_OR_TAB = /[\t\n\r]/;
const LONE_CARRIAGE_RETURN = /\r(?!\n)/;

/** Whether `text` holds a character refused in a field of this kind. */
export function hasRefusedCharacters(text: string, multiline: boolean): boolean {
  if (ALWAYS_REFUSED.test(text)) return true;
  return multiline ? LONE_CARRIAGE_RETURN.test(text) : LINE_BREAK_OR_TAB.test(text);
}

/**
 * One validation error per string of `body` (at any depth, whether or not the schema declares
 * it) holding a refused character, shaped as ajv's so the usual field errors carry them.
 */
export function controlCharacterErrors(schema: JsonSchema | undefined, body: unknown) {
  const errors: ErrorObject[] = [];
  check(schema ? [schema] : [], body, '', errors);
  return errors;
}

function check(schemas: JsonSchema[], value: unknown, path: string, errors: ErrorObject[]) {
  const applicable = expand(schemas, value);
  if (typeof value === 'string') {
    const multiline = applicable.some((schema) => schema[MULTILINE_KEYWORD] === true);
    if (hasRefusedCharacters(value, multiline)) {
      errors.push({
        keyword: CONTROL_CHARACTERS_KEYWORD,
        instancePath: path,
        schemaPath: '',
        params: {},
      });
    }
  } else if (Array.isArray(value)) {
    const items = applicable.map((schema) => schema.items).filter(isRecord);
    value.forEach((item, index) => check(items, item, `${path}/${index}`, errors));
  } else if (isRecord(value)) {
    for (const [name, property] of Object.entries(value)) {
      const declared = applicable.flatMap((schema) => {
        const named = isRecord(schema.properties) ? schema.properties[name] : undefined;
        const other = schema.additionalProperties;
        return isRecord(named) ? [named] : isRecord(other) ? [other] : [];
      });
      check(declared, property, `${path}/${escapePointer(name)}`, errors);
    }
  }
}

/** The schemas that describe `value`: with their allOf parts and the oneOf/anyOf branches it fits. */
function expand(schemas: JsonSchema[], value: unknown): JsonSchema[] {
  const found: JsonSchema[] = [];
  const visit = (schema: JsonSchema) => {
    found.push(schema);
    listOf(schema.allOf).forEach(visit);
    const branches = [...listOf(schema.oneOf), ...listOf(schema.anyOf)];
    const fitting = isRecord(value)
      ? branches.filter((branch) =>
          Object.entries(constants(branch)).every(([name, constant]) => value[name] === constant),
        )
      : branches;
    (fitting.length ? fitting : branches).forEach(visit);
  };
  schemas.forEach(visit);
  return found;
}

function constants(schema: JsonSchema): Record<string, unknown> {
  const found: Record<string, unknown> = {};
  for (const part of [schema, ...listOf(schema.allOf)]) {
    if (!isRecord(part.properties)) continue;
    for (const [name, property] of Object.entries(part.properties)) {
      if (isRecord(property) && 'const' in property) found[name] = property.const;
    }
  }
  return found;
}

const escapePointer = (name: string) => name.replace(/~/g, '~0').replace(/\//g, '~1');

const listOf = (value: unknown): JsonSchema[] =>
  Array.isArray(value) ? value.filter(isRecord) : [];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
