/**
 * The one HTTP client of the portal. It adds the `Token` header, sends the chosen language,
 * and turns every non-2xx answer into react-admin's HttpError carrying the server's `message`,
 * so screens and providers handle one error shape. Every answer's `Date` header goes to the
 * observer the signed-in portal registers (serverClock.ts keeps the server's time with it); the
 * public pages need no server time, so their first load does without that module.
 *
 * Calls are checked against the contract at compile time: `callContract` takes the path as the
 * contract writes it (`/cloud/servers/{id}`) and infers its parameters, body and answer from
 * `schema.d.ts` (contractCall.ts). Only react-admin's CRUD by resource name, whose path is chosen at
 * run time, uses `requestRuntimePath` and gets an `unknown` answer.
 */
import { HttpError } from 'ra-core';

import { config } from '../config';
import { AUTH_HEADER_PREFIX } from '../domain/constants';
import type { AnswerOf, CallInit, FixedPathsWith, HttpMethod, OperationOf } from './contractCall';
import type { components } from './schema';

let dateObserver: ((date: string | null) => void) | undefined;

/** Hands every answer's `Date` header to `observer` from now on. */
export function observeAnswerDates(observer: (date: string | null) => void): void {
  dateObserver = observer;
}

type EarlyAnswers = (
  url: string,
  authorization: string | undefined,
) => Promise<Response> | undefined;
let earlyAnswers: EarlyAnswers | undefined;

/** A GET whose answer `lookup` already asked for (bootCalls.ts) takes it instead of asking again. */
export function takeEarlyAnswersFrom(lookup: EarlyAnswers): void {
  earlyAnswers = lookup;
}

/**
 * An early answer still untaken when something changes (a saved form, a payment) predates the
 * change: no later call may get it. Called by every method but GET, and by a caller that asks
 * afresh. The answers are dropped where they are kept (firstData/earlyCalls.ts, on `window`), so
 * a boot that runs only after the change asks again rather than finding them.
 */
export function forgetEarlyAnswers(): void {
  globalThis.window?.__portalEarlyAnswers?.clear();
}

export type ApiError = components['schemas']['Error'];

export type Credentials =
  | { kind: 'token'; token: string }
  | { kind: 'basic'; email: string; password: string }
  | { kind: 'none' };

/** Who calls, and in which language the answers' messages should be. */
export interface Session {
  credentials: Credentials;
  locale?: string | undefined;
}

export type Query = Record<string, string | number | boolean | undefined>;

/**
 * A call's parameters: the values of the path's `{name}` parts (see fillPath), the query, and the
 * headers the contract declares.
 */
export interface Params {
  path?: Record<string, string | number> | undefined;
  query?: Query | undefined;
  header?: Record<string, string> | undefined;
}

export interface RequestOptions extends Session {
  params?: Params | undefined;
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** The answer is a file (a PDF): resolve with its Blob instead of JSON. */
  file?: boolean | undefined;
}

/** Status 0 stands for "no answer": the network failed before the server could reply. */
export const NETWORK_ERROR_STATUS = 0;
/**
 * The message of such an error is a message key, not a sentence: react-admin's notifications
 * translate it, and `errorMessage` below does the same for everyone else.
 */
export const NETWORK_ERROR_MESSAGE = 'app.error.network';

/**
 * When the customer leaves or reloads the page, the browser cancels the calls still running and
 * they fail like a broken network. That is not a failed session check: it must not sign anyone
 * out, so such failures are reported as aborted instead.
 */
let leavingPage = false;
if (typeof window !== 'undefined') {
  const leave = () => {
    leavingPage = true;
  };
  // beforeunload does not fire for every navigation; pagehide does, before calls are cancelled.
  window.addEventListener('beforeunload', leave);
  window.addEventListener('pagehide', leave);
  window.addEventListener('pageshow', () => {
    leavingPage = false;
  });
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export function buildUrl(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const search = params.toString();
  const url = `${config.apiBaseUrl}${path}${search ? `?${search}` : ''}`;
  // An absolute URL, so the same code runs in the browser and under Node's fetch in tests.
  return url.startsWith('/') ? `${window.location.origin}${url}` : url;
}

function authorizationHeader(credentials: Credentials): string | undefined {
  switch (credentials.kind) {
    case 'token':
      return `${AUTH_HEADER_PREFIX}${credentials.token}`;
    case 'basic':
      return `Basic ${encodeBase64Utf8(`${credentials.email}:${credentials.password}`)}`;
    case 'none':
      return undefined;
  }
}

function encodeBase64Utf8(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * A call checked against the contract (contractCall.ts): `callContract('POST', '/auth/users',
 * { body, credentials })` resolves with the operation's answer type; a path, method, query or body
 * the contract does not have fails to compile. It takes the paths without `{parameters}`, all
 * the public pages need: the signed-in portal's calls go through `contractClient`
 * (contractClient.ts), which binds the session and fills the path, so that the login page's
 * first load carries no path filling.
 */
export type ContractRequest = <M extends HttpMethod, P extends FixedPathsWith<M>>(
  method: M,
  path: P,
  init: CallInit<OperationOf<P, M>> & Session,
) => Promise<AnswerOf<OperationOf<P, M>>>;

// The checks are all in the type: at run time it is the one request function below.
export const callContract = request as ContractRequest;

/**
 * A call whose path is chosen at run time (react-admin's CRUD by resource name): nothing can be
 * checked at compile time, so its answer is `unknown`. Every path written in the code goes
 * through `callContract` instead.
 */
export { request as requestRuntimePath };

async function request(
  method: HttpMethod,
  path: string,
  options: RequestOptions,
): Promise<unknown> {
  const headers = new Headers(options.params?.header);
  headers.set('Accept', options.file ? '*/*' : 'application/json');
  const authorization = authorizationHeader(options.credentials);
  if (authorization) headers.set('Authorization', authorization);
  if (options.locale) headers.set('Accept-Language', options.locale);
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  if (method !== 'GET') forgetEarlyAnswers();

  let response: Response;
  let body: unknown;
  try {
    const url = buildUrl(path, options.params?.query);
    response = await ((method === 'GET' && earlyAnswers?.(url, authorization)) ||
      fetch(url, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        credentials: 'include',
        signal: options.signal,
      }));
    dateObserver?.(response.headers.get('date'));
    // Inside the same try: the connection can also break while the body arrives (the customer
    // leaving the page cancels it then too), and that is no answer either, not a bug.
    body = options.file && response.ok ? await response.blob() : await readJson(response);
  } catch (cause) {
    if (isAbortError(cause)) throw cause;
    if (leavingPage) throw new DOMException('The page is being left', 'AbortError');
    throw new HttpError(NETWORK_ERROR_MESSAGE, NETWORK_ERROR_STATUS);
  }

  if (!response.ok) {
    // Never the answer's English status text ("Bad Gateway") but a message key, translated like
    // NETWORK_ERROR_MESSAGE: a gateway's own page is no answer from the API (isNetworkError).
    let message = isGatewayPage(response.status, body)
      ? NETWORK_ERROR_MESSAGE
      : 'app.error.generic';
    if (isApiError(body)) message = body.message;
    throw new HttpError(message, response.status, body);
  }
  return body;
}

/**
 * A proxy's page in front of an API that is down or slow (502–504 without the API's own body):
 * the request may or may not have been done, as when the network fails.
 */
function isGatewayPage(status: number, body: unknown): boolean {
  return status >= 502 && status <= 504 && !isApiError(body);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isApiError(body: unknown): body is ApiError {
  return (
    typeof body === 'object' && body !== null && typeof (body as ApiError).message === 'string'
  );
}

export function errorStatus(error: unknown): number | undefined {
  return error instanceof HttpError ? error.status : undefined;
}

/**
 * True when the call got no answer from the API at all: the network failed, the server is
 * unreachable, or a gateway in front of it answered instead.
 */
export function isNetworkError(error: unknown): boolean {
  if (!(error instanceof HttpError)) return false;
  return error.status === NETWORK_ERROR_STATUS || isGatewayPage(error.status, error.body);
}

/**
 * What to tell the customer about a failed call: "cannot reach our service" when there was no
 * answer, the server's own `message` when it sent one (e.g. the 429 "try again in N minutes"),
 * the message of `fallbackKey` otherwise.
 */
export function errorMessage(
  error: unknown,
  translate: (key: string) => string,
  fallbackKey = 'app.error.generic',
): string {
  if (isNetworkError(error)) return translate(NETWORK_ERROR_MESSAGE);
  return serverMessage(error) ?? translate(fallbackKey);
}

/** The API's own `message` in a failed call's answer; undefined when it sent none. */
export function serverMessage(error: unknown): string | undefined {
  return (error instanceof HttpError && isApiError(error.body) && error.body.message) || undefined;
}

/** Field errors of a 400 answer, keyed by the request's field names. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof HttpError) || !isApiError(error.body)) return {};
  return error.body.errors ?? {};
}
