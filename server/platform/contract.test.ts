import type { FastifyInstance } from 'fastify';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { ANSWERED_CHANNEL, type AnsweredOperation } from './answeredChannel';
import { loadContract } from './contract';
import { ApiError } from './errors';
import type { HandlerTable } from './handler';
import { handlers } from '../handlers';
import { signIn, testApp, withToken } from '../testing';

/**
 * Operations of the contract the sandbox does not serve yet (they answer 501). Adding an area
 * means adding its handlers to server/handlers.ts and deleting its names here.
 */
// prettier-ignore
const NOT_YET_IMPLEMENTED: string[] = [];

const FIXTURE = fileURLToPath(new URL('./fixtures/contract.yaml', import.meta.url));

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** Handlers for the fixture contract, which the generated types do not know. */
const looseTable = (table: Record<string, (context: never) => unknown>) =>
  table as unknown as HandlerTable;

describe('the contract and the handler table', () => {
  const contract = loadContract();
  const operationIds = contract.operations.map((op) => op.operationId);
  const handled = Object.keys(handlers);

  it('serves every operation of the contract or lists it as not implemented yet', () => {
    const unaccounted = operationIds.filter(
      (id) => !handled.includes(id) && !NOT_YET_IMPLEMENTED.includes(id),
    );
    const listedButHandled = NOT_YET_IMPLEMENTED.filter((id) => handled.includes(id));
    const listedButGone = NOT_YET_IMPLEMENTED.filter((id) => !operationIds.includes(id));
    expect({ unaccounted, listedButHandled, listedButGone }).toEqual({
      unaccounted: [],
      listedButHandled: [],
      listedButGone: [],
    });
  });

  it('handles every operation tagged auth', () => {
    const auth = contract.operations.filter((op) => op.tags.includes('auth'));
    expect(auth.length).toBeGreaterThanOrEqual(13);
    expect(auth.map((op) => op.operationId).filter((id) => !handled.includes(id))).toEqual([]);
  });

  it('refuses to start with a handler for an operation the contract lacks', async () => {
    const stray = looseTable({ ...handlers, getWeather: () => ({}) });
    await expect(buildApp({ dbFile: ':memory:', seed: false, handlers: stray })).rejects.toThrow(
      /getWeather/,
    );
  });

  it('leaves no $ref behind once loaded', () => {
    expect(JSON.stringify(contract.operations)).not.toContain('$ref');
  });

  it('compiles every request and response schema of the contract', async () => {
    const everything = looseTable(Object.fromEntries(operationIds.map((id) => [id, () => ({})])));
    app = await buildApp({
      dbFile: ':memory:',
      seed: false,
      validateResponses: true,
      handlers: everything,
    });
    const routed = contract.operations.filter((op) =>
      app?.hasRoute({ method: op.method.toUpperCase(), url: op.url }),
    );
    expect(routed).toHaveLength(contract.operations.length);
  });
});

describe('requests the contract does not allow', () => {
  it('refuses a body with an unknown field: 400, a message and the field', async () => {
    ({ app } = await testApp());
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/users/confirm_email',
      payload: { token: 'abc', extra: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Trường này không được hỗ trợ.',
      errors: { extra: 'Trường này không được hỗ trợ.' },
    });
  });

  it('refuses a missing required body', async () => {
    ({ app } = await testApp());
    const response = await app.inject({ method: 'POST', url: '/api/v1/auth/users/confirm_email' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Yêu cầu không hợp lệ/);
  });

  it('refuses malformed JSON with 400 and a message, in English on request', async () => {
    ({ app } = await testApp());
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/users/confirm_email',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"token": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('answers a path outside the contract with a JSON 404', async () => {
    ({ app } = await testApp());
    for (const url of ['/api/v1/auth/nothing-here', '/api/v2/auth/user', '/nope']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Không tìm thấy địa chỉ này.' });
    }
    const english = await app.inject({ url: '/nope', headers: { 'accept-language': 'en' } });
    expect(english.json()).toEqual({ message: 'There is nothing at this address.' });
  });

  it('answers a method the contract does not list for a path with a 404', async () => {
    ({ app } = await testApp());
    const response = await app.inject({ method: 'DELETE', url: '/api/v1/auth/user' });
    expect(response.statusCode).toBe(404);
    const head = await app.inject({ method: 'HEAD', url: '/api/v1/auth/otp_email' });
    expect(head.statusCode).toBe(404);
  });
});

describe('sandbox failures', () => {
  it('answers 501 for an operation that has no handler yet', async () => {
    const withoutTrial: HandlerTable = { ...handlers };
    delete withoutTrial.getTrialPackages;
    ({ app } = await testApp({ handlers: withoutTrial }));
    const token = await signIn(app, 'demo@example.vn');
    const response = await app.inject({ url: '/api/v1/auth/trial', headers: withToken(token) });
    expect(response.statusCode).toBe(501);
    expect(response.json()).toEqual({
      message: 'Chức năng này chưa có trong môi trường sandbox.',
    });
    const english = await app.inject({
      url: '/api/v1/auth/trial',
      headers: { ...withToken(token), 'accept-language': 'en-GB' },
    });
    expect(english.json()).toEqual({ message: 'This is not available in the sandbox yet.' });
  });

  it('answers a crash with a generic 500 that reveals nothing', async () => {
    ({ app } = await testApp({
      handlers: {
        ...handlers,
        getCurrentUser: () => {
          throw new Error('database password is hunter2');
        },
      },
    }));
    const token = await signIn(app, 'demo@example.vn');
    const response = await app.inject({ url: '/api/v1/auth/user', headers: withToken(token) });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Đã có lỗi xảy ra, vui lòng thử lại.' });
  });
});

describe('checking answers against the contract', () => {
  it('turns an answer missing a required field into a loud 500', async () => {
    ({ app } = await testApp({
      handlers: { ...handlers, getTrialPackages: () => ({ items: [] }) as never },
    }));
    const token = await signIn(app, 'demo@example.vn');
    const response = await app.inject({ url: '/api/v1/auth/trial', headers: withToken(token) });
    expect(response.statusCode).toBe(500);
    expect(response.json().message).toMatch(
      /^Response does not match the contract: getTrialPackages 200: .*total/,
    );
  });

  it('turns an answer carrying an undocumented field into a 500', async () => {
    ({ app } = await testApp({
      handlers: {
        ...handlers,
        getTrialPackages: () => ({ items: [], total: 0, password_hash: 'x' }) as never,
      },
    }));
    const token = await signIn(app, 'demo@example.vn');
    const response = await app.inject({ url: '/api/v1/auth/trial', headers: withToken(token) });
    expect(response.statusCode).toBe(500);
    expect(response.json().message).toMatch(/unevaluated properties/);
  });

  it('turns a status the operation does not declare into a 500', async () => {
    ({ app } = await testApp({
      handlers: {
        ...handlers,
        getTrialPackages: () => {
          throw new ApiError(404, 'server.not_found');
        },
      },
    }));
    const token = await signIn(app, 'demo@example.vn');
    const response = await app.inject({ url: '/api/v1/auth/trial', headers: withToken(token) });
    expect(response.statusCode).toBe(500);
    expect(response.json().message).toMatch(/status 404 is not declared for getTrialPackages/);
  });

  it('reports every required field dropped from a real answer (mutation test)', async () => {
    const operation = loadContract().operations.find((op) => op.operationId === 'getCurrentUser');
    const schema = operation?.responses['200'] as { required?: string[] } | undefined;
    const requiredFields = schema?.required ?? [];
    expect(requiredFields).toContain('email');
    let dropped = '';
    const realGetCurrentUser = handlers.getCurrentUser as (context: never) => object;
    ({ app } = await testApp({
      handlers: {
        ...handlers,
        getCurrentUser: async (context) => {
          const answer = { ...(await realGetCurrentUser(context as never)) };
          Reflect.deleteProperty(answer, dropped);
          return answer as never;
        },
      },
    }));
    const token = await signIn(app, 'demo@example.vn');
    const unreported: string[] = [];
    for (const field of requiredFields) {
      dropped = field;
      const response = await app.inject({ url: '/api/v1/auth/user', headers: withToken(token) });
      const message = response.statusCode === 500 ? String(response.json().message) : '';
      const reported =
        message.startsWith('Response does not match the contract: getCurrentUser 200') &&
        message.includes(`'${field}'`);
      if (!reported) unreported.push(field);
    }
    expect(unreported).toEqual([]);
    dropped = '';
    const intact = await app.inject({ url: '/api/v1/auth/user', headers: withToken(token) });
    expect(intact.statusCode).toBe(200);
  });

  it('tells the contract coverage count which operation answered with which status', async () => {
    const answered: AnsweredOperation[] = [];
    const listener = (message: unknown) => answered.push(message as AnsweredOperation);
    subscribe(ANSWERED_CHANNEL, listener);
    try {
      ({ app } = await testApp());
      await app.inject({ url: '/api/v1/auth/user' });
      await signIn(app, 'demo@example.vn');
    } finally {
      unsubscribe(ANSWERED_CHANNEL, listener);
    }
    expect(answered).toEqual([
      { operationId: 'getCurrentUser', statusCode: 401 },
      { operationId: 'getToken', statusCode: 200 },
    ]);
  });

  it('lets the same answers through when the check is off', async () => {
    ({ app } = await testApp({
      validateResponses: false,
      handlers: { ...handlers, getTrialPackages: () => ({ items: [] }) as never },
    }));
    const token = await signIn(app, 'demo@example.vn');
    const response = await app.inject({ url: '/api/v1/auth/trial', headers: withToken(token) });
    expect(response.statusCode).toBe(200);
  });
});

describe('routes made from any contract (fixture)', () => {
  const seen: Record<string, unknown>[] = [];
  const fixtureApp = () =>
    testApp({
      contractFile: FIXTURE,
      seed: true,
      handlers: looseTable({
        getToken: handlers.getToken as (context: never) => unknown,
        listThings: (ctx: { query: Record<string, unknown> }) => {
          seen.push(ctx.query);
          return { items: [], page: ctx.query.page };
        },
        createThing: (ctx: { body: { name: string } }) => ({ id: 1, name: ctx.body.name }),
        getThing: (ctx: { params: { id: number } }) => {
          seen.push(ctx.params);
          return { id: ctx.params.id, name: 'lamp', colour: null };
        },
        touchThing: (ctx: { body: unknown }) => {
          seen.push({ body: ctx.body });
          return { id: 1, name: 'lamp' };
        },
      }),
    });

  afterEach(() => {
    seen.length = 0;
  });

  it('routes path parameters with their declared types', async () => {
    ({ app } = await fixtureApp());
    const response = await app.inject({ url: '/api/v1/things/42' });
    expect(response.statusCode).toBe(200);
    expect(seen).toEqual([{ id: 42 }]);
    expect((await app.inject({ url: '/api/v1/things/zero' })).statusCode).toBe(400);
  });

  it('refuses an integer written other than in decimal, which would still read as a number', async () => {
    ({ app } = await fixtureApp());
    const token = await signIn(app, 'demo@example.vn');
    for (const written of ['0x2a', '42.0', '+42', '042', '4.2e1', ' 42']) {
      const path = await app.inject({ url: `/api/v1/things/${encodeURIComponent(written)}` });
      expect(path.statusCode, written).toBe(400);
      const query = await app.inject({
        url: `/api/v1/things?page=${encodeURIComponent(written)}`,
        headers: withToken(token),
      });
      expect(query.statusCode, written).toBe(400);
    }
    expect(seen).toEqual([]);
  });

  it('coerces query parameters, fills declared defaults and refuses bad values', async () => {
    ({ app } = await fixtureApp());
    const token = await signIn(app, 'demo@example.vn');
    await app.inject({ url: '/api/v1/things?page=3&tag=red', headers: withToken(token) });
    await app.inject({ url: '/api/v1/things', headers: withToken(token) });
    expect(seen).toEqual([{ page: 3, tag: 'red' }, { page: 1 }]);
    const bad = await app.inject({ url: '/api/v1/things?page=0', headers: withToken(token) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Yêu cầu không hợp lệ.' });
  });

  it('checks security before the request itself', async () => {
    ({ app } = await fixtureApp());
    const response = await app.inject({ url: '/api/v1/things?page=0' });
    expect(response.statusCode).toBe(401);
  });

  it('answers with the first success status the contract declares', async () => {
    ({ app } = await fixtureApp());
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/things',
      payload: { name: 'lamp' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: 1, name: 'lamp' });
  });

  it('does not coerce JSON bodies: a number is not a string', async () => {
    ({ app } = await fixtureApp());
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/things',
      payload: { name: 12345 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ name: 'Giá trị không hợp lệ.' });
  });

  it('names each field that breaks the schema, in the request language', async () => {
    ({ app } = await fixtureApp());
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/things',
      payload: { name: 'ab', count: 0 },
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      name: 'Must have at least 3 characters.',
      count: 'The value is not valid.',
    });
  });

  it('accepts an optional body as absent, empty or an empty object', async () => {
    ({ app } = await fixtureApp());
    const url = '/api/v1/things/1/touch';
    const json = { 'content-type': 'application/json' };
    expect((await app.inject({ method: 'POST', url })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url, headers: json, payload: '' })).statusCode).toBe(
      200,
    );
    expect((await app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url, payload: { a: 1 } })).statusCode).toBe(400);
    expect(seen).toEqual([{ body: undefined }, { body: undefined }, { body: {} }]);
  });

  it('answers 501 for the fixture operation left without a handler', async () => {
    ({ app } = await fixtureApp());
    const response = await app.inject({ method: 'POST', url: '/api/v1/things/1/paint' });
    expect(response.statusCode).toBe(501);
  });
});
