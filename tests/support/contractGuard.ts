/**
 * The one request interceptor of the unit layer, installed for every test file by tests/setup.ts.
 * Every request the code under test sends to the portal's API goes through it:
 * - a call the contract does not declare (path and method, or a query parameter name) is a
 *   violation, and so is a 501 (not implemented) or an answer the sandbox found off-contract;
 * - a call no sandbox is there to answer is a violation too, and fails like a broken network.
 * tests/setup.ts fails the test that made a violation.
 */
import type { FastifyInstance } from 'fastify';
import { http } from 'msw';
import { setupServer } from 'msw/node';

import { providedContractCalls } from './contractCalls';

export const PORTAL_ORIGIN = 'http://localhost:3000';

const contract = providedContractCalls();
const API_PREFIX = contract.apiPrefix;

const operations = contract.operations.map((operation) => ({
  method: operation.method.toUpperCase(),
  pattern: new RegExp(`^${API_PREFIX}${operation.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
  queryNames: new Set(operation.queryNames),
}));

/** Why the contract does not allow this call, or undefined when it does. */
export function contractProblem(method: string, url: URL): string | undefined {
  const call = `${method} ${url.pathname}`;
  const candidates = operations.filter(
    (operation) => operation.method === method && operation.pattern.test(url.pathname),
  );
  if (!candidates.length) return `${call} is not in the contract`;
  const names = [...new Set(url.searchParams.keys())];
  const allowed = candidates.some((operation) =>
    names.every((name) => operation.queryNames.has(name)),
  );
  if (allowed) return undefined;
  const undeclared = names.filter((name) =>
    candidates.every((operation) => !operation.queryNames.has(name)),
  );
  return `${call} has query parameters the contract does not declare: ${undeclared.join(', ')}`;
}

/** What answers the intercepted calls: the in-process sandbox of the running test. */
export interface ApiAnswerer {
  app: FastifyInstance;
  /** Told of each call, and of each violation it made; the call waits for what it returns. */
  onRequest(call: string, url: URL): void | Promise<void>;
  onViolation(problem: string): void;
}

const answerers: ApiAnswerer[] = [];
const violations: string[] = [];
let callsReceived = 0;
let callsBeingAnswered = 0;
let onAllAnswered: (() => void) | undefined;

function nextTurnOfTheEventLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Resolves once every call already on its way has been answered. A screen removed at the end of
 * a test may have started a fetch a moment before: it still travels through fetch's promise
 * chain and reaches the interceptor a turn or two later. Waiting until a whole turn of the event
 * loop brings no new call lets it be answered by the sandbox that was running when it was sent,
 * instead of finding none.
 */
export async function apiCallsSettled(): Promise<void> {
  for (;;) {
    const before = callsReceived;
    await nextTurnOfTheEventLoop();
    if (callsBeingAnswered > 0) {
      await new Promise<void>((resolve) => (onAllAnswered = resolve));
      onAllAnswered = undefined;
      continue;
    }
    if (callsReceived === before) return;
  }
}

/** Makes `answerer` answer the API calls until the returned function is called. */
export function answerApiWith(answerer: ApiAnswerer): () => void {
  answerers.push(answerer);
  return () => {
    const index = answerers.indexOf(answerer);
    if (index >= 0) answerers.splice(index, 1);
  };
}

function violation(problem: string, answerer: ApiAnswerer | undefined) {
  violations.push(problem);
  answerer?.onViolation(problem);
}

/** The violations since the last call, forgotten once taken. */
export function takeContractViolations(): string[] {
  return violations.splice(0);
}

/** Throws, listing them, when there were violations since the last check. */
export function failOnContractViolations(): void {
  const found = takeContractViolations();
  if (found.length) {
    throw new Error(`API calls outside the contract:\n  ${found.join('\n  ')}`);
  }
}

const interceptor = setupServer(
  http.all(`${PORTAL_ORIGIN}${API_PREFIX}/*`, async ({ request }) => {
    callsReceived += 1;
    callsBeingAnswered += 1;
    try {
      return await answer(request);
    } finally {
      callsBeingAnswered -= 1;
      if (callsBeingAnswered === 0) onAllAnswered?.();
    }
  }),
);

async function answer(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const call = `${request.method} ${url.pathname}`;
  const answerer = answerers.at(-1);
  await answerer?.onRequest(call, url);
  const problem = contractProblem(request.method, url);
  if (problem) violation(problem, answerer);
  if (!answerer) {
    violation(`${call} was sent while no sandbox was running to answer it`, undefined);
    return Response.error();
  }
  const body =
    request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text();
  const reply = await answerer.app.inject({
    method: request.method as 'GET',
    url: url.pathname + url.search,
    headers: Object.fromEntries(request.headers),
    payload: body || undefined,
  });
  if (reply.statusCode === 501) violation(`${call} answered 501 (not implemented)`, answerer);
  if (reply.statusCode >= 500 && reply.body.includes('does not match the contract')) {
    violation(`${call}: ${reply.body}`, answerer);
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(reply.headers)) {
    if (value !== undefined && name !== 'content-length' && name !== 'transfer-encoding') {
      headers.set(name, String(value));
    }
  }
  return new Response(reply.body || null, { status: reply.statusCode, headers });
}

let installed = false;

/** Starts intercepting; calls to other origins (none in the unit layer) pass untouched. */
export function installContractGuard(): () => void {
  if (!installed) {
    interceptor.listen({ onUnhandledRequest: 'bypass' });
    installed = true;
  }
  return () => {
    interceptor.close();
    installed = false;
  };
}
