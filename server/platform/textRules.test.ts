import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract, type JsonSchema } from './contract';
import { hasRefusedCharacters, MULTILINE_KEYWORD } from './textRules';
import { apiAs, signIn, testApp } from '../testing';

const REFUSED_VI =
  'Không được chứa ký tự điều khiển hoặc ký tự đổi chiều văn bản (như NUL, U+202E).';
const REFUSED_EN =
  'Must not contain control characters or text-direction characters (such as NUL, U+202E).';

describe('hasRefusedCharacters', () => {
  it.each([
    ['NUL', 'Lan\u0000'],
    ['escape', '\u001b[31mđỏ'],
    ['DEL', 'a\u007fb'],
    ['a C1 control (NEL)', 'a\u0085b'],
    ['right-to-left override', 'Lan\u202Egnp.exe'],
    ['left-to-right embedding', '\u202AOK'],
    ['first-strong isolate', '\u2068x\u2069'],
    ['right-to-left mark', 'abc\u200F'],
    ['Arabic letter mark', 'abc\u061C'],
    ['a lone carriage return', 'dòng một\rdòng hai'],
    ['half of a surrogate pair', 'Lan\uD800'],
    ['the other half alone', '\uDFFFLan'],
  ])('refuses %s in any field', (_name, text) => {
    expect(hasRefusedCharacters(text, false)).toBe(true);
    expect(hasRefusedCharacters(text, true)).toBe(true);
  });

  it('lets multi-line fields hold line feeds, tabs and CRLF line ends, and no other field', () => {
    for (const text of ['dòng một\ndòng hai', 'cột\tcột', 'dòng một\r\ndòng hai']) {
      expect(hasRefusedCharacters(text, true)).toBe(false);
      expect(hasRefusedCharacters(text, false)).toBe(true);
    }
  });

  it('accepts Vietnamese, emoji and other scripts', () => {
    const text = 'Nguyễn Thị Ánh Tuyết 🚀 — 中文 العربية עברית';
    expect(hasRefusedCharacters(text, false)).toBe(false);
  });
});

// ---- every text field of the contract ----

interface TextField {
  /** The field's place in the body, as `errors` names it joined by dots (`products.0.id_or_name`). */
  path: string[];
  multiline: boolean;
  /** The smallest body that puts `value` in this field (with the `type` that selects its branch). */
  body: (value: string) => unknown;
}

const isRecord = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const listOf = (value: unknown): JsonSchema[] =>
  Array.isArray(value) ? value.filter(isRecord) : [];

function constantsOf(schema: JsonSchema): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(isRecord(schema.properties) ? schema.properties : {}).flatMap(([name, p]) =>
      isRecord(p) && 'const' in p ? [[name, p.const]] : [],
    ),
  );
}

/** Every free-text string a body of this schema can carry: not an enum or a constant. */
function textFields(schema: JsonSchema): TextField[] {
  const found: TextField[] = [];
  const types = ([] as unknown[]).concat(schema.type);
  if (types.includes('string') && !('enum' in schema) && !('const' in schema)) {
    found.push({ path: [], multiline: schema[MULTILINE_KEYWORD] === true, body: (v) => v });
  }
  for (const part of [...listOf(schema.allOf), ...listOf(schema.oneOf), ...listOf(schema.anyOf)]) {
    for (const field of textFields(part)) {
      const constants = constantsOf(part);
      found.push({
        ...field,
        body: (v) => {
          const inner = field.body(v);
          return isRecord(inner) ? { ...constants, ...inner } : inner;
        },
      });
    }
  }
  if (isRecord(schema.properties)) {
    for (const [name, property] of Object.entries(schema.properties)) {
      if (!isRecord(property)) continue;
      for (const field of textFields(property)) {
        found.push({
          ...field,
          path: [name, ...field.path],
          body: (v) => ({ ...constantsOf(schema), [name]: field.body(v) }),
        });
      }
    }
  }
  if (isRecord(schema.items)) {
    for (const field of textFields(schema.items)) {
      found.push({ ...field, path: ['0', ...field.path], body: (v) => [field.body(v)] });
    }
  }
  return found;
}

const operationsWithText = loadContract()
  .operations.filter((operation) => operation.requestBody)
  .map((operation) => ({
    operation,
    fields: textFields(operation.requestBody!.schema as JsonSchema).map((field) => ({
      ...field,
      name: field.path.join('.'),
    })),
  }))
  .filter(({ fields }) => fields.length > 0);

/** Characters tried in every field, one per request, each with a legitimate text around it. */
const REFUSED_EVERYWHERE = ['\u0000', '\u202E', '\u2066', '\u0085', '\u001b', '\u200F', '\uD800'];

describe('control and bidi characters in every text field of the contract', () => {
  let app: FastifyInstance;
  let customer: string;
  let agency: string;
  beforeAll(async () => {
    ({ app } = await testApp());
    customer = await signIn(app, 'demo@example.vn');
    // The agency's operations admit agencies only, before reading the body.
    agency = await signIn(app, 'agency@example.vn');
  });
  afterAll(async () => {
    await app.close();
  });

  const send = (
    operation: (typeof operationsWithText)[number]['operation'],
    body: unknown,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method: operation.method.toUpperCase() as 'POST',
      url: operation.url.replace(/:\w+/g, '1'),
      payload: body as object,
      headers: {
        authorization: `Token ${operation.tags.includes('agency') ? agency : customer}`,
        ...headers,
      },
    });

  it('finds the text fields (a walk that found none would prove nothing)', () => {
    const names = operationsWithText.flatMap(({ operation, fields }) =>
      fields.map((field) => `${operation.operationId} ${field.name}`),
    );
    expect(names).toEqual(
      expect.arrayContaining([
        'registerUser fullname',
        'createTicket content',
        'replyToTicket content',
        'createOrder data.name',
        'createOrder products.0.id_or_name',
        'updateProfile fullname',
        'createAgencyAccount fullname',
        'updateInvoiceInfo billing_address',
        'createSshKey public_key',
      ]),
    );
    expect(names.length).toBeGreaterThan(50);
  });

  describe.each(
    operationsWithText.map(
      ({ operation, fields }) => [operation.operationId, operation, fields] as const,
    ),
  )('%s', (_id, operation, fields) => {
    it.each(fields.map((field) => [field.name, field] as const))(
      'refuses them in %s with a field error',
      async (name, field) => {
        for (const character of REFUSED_EVERYWHERE) {
          const answer = await send(operation, field.body(`Lan${character}Anh`));
          expect(answer.statusCode, `${JSON.stringify(character)}: ${answer.body}`).toBe(400);
          expect(answer.json().errors?.[name], JSON.stringify(character)).toBe(REFUSED_VI);
        }
        const english = await send(operation, field.body('a\u202Eb'), { 'accept-language': 'en' });
        expect(english.json().errors?.[name]).toBe(REFUSED_EN);
        const lineBreak = await send(operation, field.body('Lan\nAnh'));
        if (field.multiline) expect(lineBreak.json().errors?.[name]).not.toBe(REFUSED_VI);
        else expect(lineBreak.json().errors?.[name]).toBe(REFUSED_VI);
      },
    );
  });
});

describe('what the customer sees', () => {
  it('names the character problem, not the field’s own rule, and stores nothing', async () => {
    const { app } = await testApp();
    const api = apiAs(app, await signIn(app, 'demo@example.vn'));
    const before = (await api.get('/account/profile')).json();
    const answer = await api.patch('/account/profile', { fullname: 'Nguyễn\u202EnauQ' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: REFUSED_VI, errors: { fullname: REFUSED_VI } });
    expect((await api.get('/account/profile')).json()).toEqual(before);
    await app.close();
  });

  it('keeps a ticket’s line breaks, tabs and CRLF line ends as sent', async () => {
    const { app } = await testApp();
    const api = apiAs(app, await signIn(app, 'demo@example.vn'));
    const content = 'Dòng một\r\nDòng hai\n\tthụt lề';
    const answer = await api.post('/support/tickets', { subject: 'SSH lỗi', content });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().content).toBe(content);
    const refused = await api.post('/support/tickets', { subject: 'SSH\tlỗi', content });
    expect(refused.json().errors).toEqual({ subject: REFUSED_VI });
    await app.close();
  });
});
