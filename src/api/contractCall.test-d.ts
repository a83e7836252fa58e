/**
 * Compile-time proof that a call is checked against the contract. Nothing here runs: `npm run
 * typecheck` checks this file (tsconfig includes src/), and each `@ts-expect-error` fails the
 * typecheck if the line below it ever compiles.
 */
import { expectTypeOf } from 'vitest';

import { callContract } from './client';
import { contractClient } from './contractClient';
import type { components } from './schema';

type Schemas = components['schemas'];

const call = contractClient(() => ({ credentials: { kind: 'none' } }));

// The answer is inferred from the operation, for every method; no `<T>` is given.
expectTypeOf(call('GET', '/auth/user')).resolves.toEqualTypeOf<Schemas['UserInfo']>();
expectTypeOf(
  call('GET', '/cloud/servers/{id}', { params: { path: { id: 7 } } }),
).resolves.toEqualTypeOf<Schemas['Server']>();
expectTypeOf(
  call('PATCH', '/account/profile', { body: { fullname: 'Nguyễn Văn An' } }),
).resolves.toEqualTypeOf<Schemas['Profile']>();
expectTypeOf(call('DELETE', '/auth/token')).resolves.toEqualTypeOf<undefined>();
// A file answer is a Blob, and must be asked for as one.
expectTypeOf(
  call('GET', '/billing/invoices/{id}/pdf', { params: { path: { id: '7' } }, file: true }),
).resolves.toEqualTypeOf<Blob>();

// ---- each of these fails to compile ----

// A path the contract does not have.
// @ts-expect-error '/cloud/server' is not a path of the contract
void call('GET', '/cloud/server', {});
// A path written filled in instead of templated.
// @ts-expect-error the contract writes '/cloud/servers/{id}'
void call('GET', '/cloud/servers/7', {});
// A method the path does not have.
// @ts-expect-error /auth/user has no DELETE
void call('DELETE', '/auth/user', {});
// A path parameter missing, or named wrong.
// @ts-expect-error the path needs its `id`
void call('GET', '/cloud/servers/{id}');
// @ts-expect-error the parameter is `id`, not `server_id`
void call('GET', '/cloud/servers/{id}', { params: { path: { server_id: 7 } } });
// A query parameter the operation does not declare, or a value it does not take.
// @ts-expect-error listPlans has no `sort_by`
void call('GET', '/billing/plans', { params: { query: { sort_by: 'price' } } });
// @ts-expect-error an interval is 1, 3, 6 or 12 months
void call('GET', '/billing/plans', { params: { query: { interval_count: 2 } } });
// A required query left out (the gateway's return).
// @ts-expect-error completeTopup needs its query
void call('GET', '/billing/topup');
// A body of the wrong shape, a required body left out, a body where none is taken.
// @ts-expect-error a profile's name is `fullname`
void call('PATCH', '/account/profile', { body: { full_name: 'An' } });
// @ts-expect-error registering needs the form's body
void call('POST', '/auth/users');
// @ts-expect-error a GET takes no body
void call('GET', '/auth/user', { body: {} });
// A file answer read as JSON, or JSON read as a file.
// @ts-expect-error the invoice's PDF must be asked for with `file: true`
void call('GET', '/billing/invoices/{id}/pdf', { params: { path: { id: 7 } } });
// @ts-expect-error the signed-in user is JSON, not a file
void call('GET', '/auth/user', { file: true });

// ---- the same checks without a bound session (the public pages' calls) ----
expectTypeOf(
  callContract('POST', '/auth/users/confirm_email', {
    body: { token: 'abc' },
    credentials: { kind: 'none' },
  }),
).resolves.toEqualTypeOf<Schemas['TokenResponse']>();
// @ts-expect-error who calls must be said
void callContract('GET', '/auth/user', {});
void callContract('POST', '/auth/users/confirm_email', {
  // @ts-expect-error the confirmation's body is `{ token }`
  body: { code: 'abc' },
  credentials: { kind: 'none' },
});
// @ts-expect-error a path with parameters goes through contractClient, which fills it
void callContract('GET', '/cloud/servers/{id}', { credentials: { kind: 'none' } });
// @ts-expect-error /auth/users has no GET
void callContract('GET', '/auth/users', { credentials: { kind: 'none' } });
