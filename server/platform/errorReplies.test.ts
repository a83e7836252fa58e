import type { FastifyInstance } from 'fastify';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { HandlerTable } from './handler';
import { MAX_JSON_DEPTH } from './jsonDepth';
import { handlers } from '../handlers';
import { NEW_CUSTOMER, register, signIn, testApp, withToken } from '../testing';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** Every error answer: the contract's `{ message, errors? }` as JSON, never Fastify's own body. */
function expectContractError(response: { headers: Record<string, unknown>; body: string }): {
  message: string;
  errors?: Record<string, string>;
} {
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  const body = JSON.parse(response.body) as Record<string, unknown>;
  expect(Object.keys(body).filter((key) => key !== 'message' && key !== 'errors')).toEqual([]);
  expect(typeof body.message).toBe('string');
  return body as { message: string; errors?: Record<string, string> };
}

const ENGLISH = { 'accept-language': 'en' };

describe('validation answers', () => {
  it('names the only wrong field’s problem, in the request’s language, without the validator’s English', async () => {
    ({ app } = await testApp());
    const response = await register(app, { password: 'abc' });
    expect(response.statusCode).toBe(400);
    expect(expectContractError(response)).toEqual({
      message: 'Phải có ít nhất 5 ký tự.',
      errors: { password: 'Phải có ít nhất 5 ký tự.' },
    });
  });

  it('points at the marked fields when several are wrong, and keeps each field’s problem', async () => {
    ({ app } = await testApp());
    for (const [headers, message] of [
      [{}, 'Dữ liệu gửi lên chưa hợp lệ: kiểm tra các trường được đánh dấu.'],
      [ENGLISH, 'Some fields are not valid: check the marked fields.'],
    ] as const) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/users',
        headers,
        payload: { password: 'a', [`x${'y'.repeat(3000)}`]: 1 },
      });
      expect(response.statusCode).toBe(400);
      const body = expectContractError(response);
      expect(body.message).toBe(message);
      expect(Object.keys(body.errors ?? {})).toEqual(
        expect.arrayContaining(['fullname', 'email', 'phone', 'password']),
      );
    }
  });

  it('keeps every validation message one short sentence of ours', async () => {
    ({ app } = await testApp());
    const bodies: unknown[] = [
      { ...NEW_CUSTOMER, email: 'not-an-email' },
      { ...NEW_CUSTOMER, fullname: 'x'.repeat(5000) },
      { ...NEW_CUSTOMER, extra: true },
      [1, 2, 3],
      'just a string',
    ];
    for (const payload of bodies) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/users',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode).toBe(400);
      const { message } = expectContractError(response);
      expect(message.length).toBeLessThanOrEqual(100);
      expect(message).not.toMatch(/must|body\/|NOT|property|should/);
    }
  });

  it('answers a refused query or path parameter with the short sentence too', async () => {
    ({ app } = await testApp());
    const token = await signIn(app, 'demo@example.vn');
    const response = await app.inject({
      url: '/api/v1/cloud/ssh_keys?per_page=100000',
      headers: { ...withToken(token), ...ENGLISH },
    });
    expect(response.statusCode).toBe(400);
    expect(expectContractError(response).message).toBe('The request is not valid.');
  });
});

describe('refusals before any handler runs', () => {
  it('malformed JSON', async () => {
    ({ app } = await testApp());
    for (const [headers, message] of [
      [{}, 'Dữ liệu gửi lên không phải JSON hợp lệ.'],
      [ENGLISH, 'The request body is not valid JSON.'],
    ] as const) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/users/confirm_email',
        headers: { 'content-type': 'application/json', ...headers },
        payload: '{"token": ',
      });
      expect(response.statusCode).toBe(400);
      expect(expectContractError(response)).toEqual({ message });
    }
  });

  it('400 for JSON nested deeper than any request needs, in the request’s language, signed in or not', async () => {
    ({ app } = await testApp());
    const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    for (const [url, payload] of [
      ['/api/v1/auth/users', nested(20_000)],
      ['/api/v1/auth/users/confirm_email', `{"token": ${nested(40)}}`],
      ['/api/v1/auth/users', `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`],
    ]) {
      for (const [headers, message] of [
        [{}, 'Dữ liệu gửi lên lồng nhau quá nhiều cấp.'],
        [ENGLISH, 'The request body is nested too deeply.'],
      ] as const) {
        const response = await app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json', ...headers },
          payload,
        });
        expect(response.statusCode, url).toBe(400);
        expect(expectContractError(response)).toEqual({ message });
      }
    }
    // As deep as allowed, the body reaches validation, which names what is wrong with it.
    const deepest = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/users/confirm_email',
      headers: { 'content-type': 'application/json' },
      payload: `{"token": ${nested(MAX_JSON_DEPTH - 1)}}`,
    });
    expect(deepest.statusCode).toBe(400);
    expect(deepest.json().message).not.toBe('Dữ liệu gửi lên lồng nhau quá nhiều cấp.');
  });

  it('415 for a body that is not JSON, plain text included', async () => {
    ({ app } = await testApp());
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'text/xml']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/users/confirm_email',
        headers: { 'content-type': contentType, ...ENGLISH },
        payload: 'token=abc',
      });
      expect(response.statusCode, contentType).toBe(415);
      expect(expectContractError(response)).toEqual({
        message: 'Only JSON bodies are accepted (Content-Type: application/json).',
      });
    }
  });

  it('413 for a body over the limit', async () => {
    ({ app } = await testApp());
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/users/confirm_email',
      payload: { token: 'x'.repeat(200 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(expectContractError(response)).toEqual({ message: 'Dữ liệu gửi lên quá lớn.' });
  });

  it('404 for an unknown route, under the API and outside it', async () => {
    ({ app } = await testApp());
    for (const url of ['/api/v1/nothing-here', '/nope', '/idc/dashboard']) {
      const response = await app.inject({ url, headers: ENGLISH });
      expect(response.statusCode, url).toBe(404);
      expect(expectContractError(response)).toEqual({
        message: 'There is nothing at this address.',
      });
    }
  });

  it('414 for an over-long path segment', async () => {
    ({ app } = await testApp());
    const response = await app.inject({ url: `/api/v1/cloud/servers/${'1'.repeat(200)}` });
    expect(response.statusCode).toBe(414);
    expect(expectContractError(response)).toEqual({ message: 'Địa chỉ yêu cầu quá dài.' });
  });

  it('414 for an address over 8 KB, before authentication or routing, in the request’s language', async () => {
    ({ app } = await testApp());
    for (const url of [
      `/api/v1/cloud/servers?search=${'a'.repeat(9 * 1024)}`,
      `/api/v1/auth/users?${'x'.repeat(9 * 1024)}`,
      `/nowhere/${'b'.repeat(9 * 1024)}`,
    ]) {
      const response = await app.inject({ url, headers: ENGLISH });
      expect(response.statusCode, url.slice(0, 30)).toBe(414);
      expect(expectContractError(response)).toEqual({
        message: 'The request address is too long.',
      });
    }
    const justUnder = await app.inject({ url: `/api/v1/catalog/images?${'x'.repeat(7 * 1024)}` });
    expect(justUnder.statusCode).not.toBe(414);
  });

  it('400 for an address that is not valid URL encoding', async () => {
    ({ app } = await testApp());
    const response = await app.inject({ url: '/api/v1/cloud/servers/%zz', headers: ENGLISH });
    expect(response.statusCode).toBe(400);
    expect(expectContractError(response)).toEqual({ message: 'The request is not valid.' });
  });
});

/** A raw HTTP/1.1 exchange on a real socket, for what Node's parser refuses before Fastify. */
async function rawExchange(port: number, request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(parseRawAnswer(Buffer.concat(chunks).toString('utf8'))));
    socket.write(request);
  });
}

interface RawAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

function parseRawAnswer(text: string): RawAnswer {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  expect(Buffer.byteLength(body)).toBe(Number(headers['content-length']));
  return { statusCode: Number(statusLine.split(' ')[1]), headers, body };
}

describe('refusals of Node’s HTTP parser, on a real socket', () => {
  async function listening() {
    ({ app } = await testApp());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address !== 'object') throw new Error('not listening');
    return address.port;
  }

  it('431 for headers over the limit, in the language asked for', async () => {
    const port = await listening();
    const answer = await rawExchange(
      port,
      'GET /api/v1/auth/user HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Language: en\r\n' +
        `X-Filler: ${'a'.repeat(20 * 1024)}\r\n\r\n`,
    );
    expect(answer.statusCode).toBe(431);
    expect(expectContractError(answer)).toEqual({
      message: 'The request headers are too large.',
    });
  });

  it('414 in Vietnamese for a giant address, though Node counts it in the header size', async () => {
    const port = await listening();
    const answer = await rawExchange(
      port,
      `GET /api/v1/auth/user?q=${'a'.repeat(20 * 1024)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
    );
    expect(answer.statusCode).toBe(414);
    expect(expectContractError(answer)).toEqual({ message: 'Địa chỉ yêu cầu quá dài.' });
  });

  it('400 for a request that is not HTTP', async () => {
    const port = await listening();
    const answer = await rawExchange(port, 'HELLO\r\n\r\n');
    expect(answer.statusCode).toBe(400);
    expect(expectContractError(answer)).toEqual({ message: 'Yêu cầu không hợp lệ.' });
  });
});

describe('authentication comes first', () => {
  const withoutSshKeys: HandlerTable = { ...handlers };
  delete withoutSshKeys.createSshKey;

  it('answers an anonymous caller 401 whatever the body, before parsing or validating it', async () => {
    ({ app } = await testApp());
    const attempts = [
      { headers: { 'content-type': 'application/json' }, payload: '{"type": ' },
      { headers: { 'content-type': 'application/json' }, payload: '{"nonsense": true}' },
      { headers: { 'content-type': 'text/plain' }, payload: 'hello' },
      { headers: { 'content-type': 'application/json' }, payload: 'x'.repeat(200 * 1024) },
    ];
    for (const attempt of attempts) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/billing/orders',
        ...attempt,
      });
      expect(response.statusCode).toBe(401);
      expect(expectContractError(response)).toEqual({ message: 'Vui lòng đăng nhập để tiếp tục.' });
    }
  });

  it('answers 401, not 501, for an operation the sandbox does not serve yet', async () => {
    ({ app } = await testApp({ handlers: withoutSshKeys }));
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/v1/cloud/ssh_keys',
      payload: { name: 'k' },
    });
    expect(anonymous.statusCode).toBe(401);
    const token = await signIn(app, 'demo@example.vn');
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/v1/cloud/ssh_keys',
      payload: { name: 'k' },
      headers: withToken(token),
    });
    expect(signedIn.statusCode).toBe(501);
  });
});
