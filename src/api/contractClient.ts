/**
 * The signed-in portal's calls, its session bound once: `call('GET', '/cloud/servers/{id}',
 * { params: { path: { id } } })`, checked against the contract like `callContract` (client.ts).
 * A module of its own, with the path filling, so that the public pages' first load (which calls
 * `callContract` on paths without parameters) does without both.
 */
import { requestRuntimePath, type RequestOptions, type Session } from './client';
import type { AnswerOf, CallArgs, HttpMethod, OperationOf, PathsWith } from './contractCall';

export type ContractCall = <M extends HttpMethod, P extends PathsWith<M>>(
  method: M,
  path: P,
  ...[init]: CallArgs<OperationOf<P, M>>
) => Promise<AnswerOf<OperationOf<P, M>>>;

/** `/cloud/servers/{id}` with `{ id: 7 }` → `/cloud/servers/7`; each value is URL-encoded. */
export function fillPath(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name]!));
}

/** `session` is read at each call (the token can change while the portal runs). */
export function contractClient(session: () => Session): ContractCall {
  // The checks are all in the type; at run time the init is RequestOptions without the session.
  return ((method: HttpMethod, path: string, init?: Omit<RequestOptions, keyof Session>) =>
    requestRuntimePath(method, fillPath(path, init?.params?.path), {
      ...init,
      ...session(),
    })) as ContractCall;
}
