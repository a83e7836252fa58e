/**
 * What an area module implements: one handler per contract operation, typed from the
 * generated `src/api/schema.d.ts`, so a handler cannot read or answer fields the contract lacks.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { operations } from '../../src/api/schema';
import type { Locale } from '../../src/domain/constants';
import type { AccountLimits } from './accountLimits';
import type { Db } from './db';
import type { Translate } from './i18n';

export type OperationId = keyof operations;

type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : never;
/** A JSON answer's body; a file for an answer whose content is not JSON (a PDF). */
type AnswerBodyOf<T> = T extends { content: { 'application/json': infer B } }
  ? B
  : T extends { content: object }
    ? FileAnswer
    : never;
type OrEmpty<T> = [T] extends [never] ? Record<string, never> : T;
type Operation<K extends OperationId> = operations[K];

export type RequestBodyOf<K extends OperationId> =
  Operation<K> extends { requestBody: infer R }
    ? JsonOf<R>
    : Operation<K> extends { requestBody?: infer R }
      ? JsonOf<NonNullable<R>> | undefined
      : undefined;
export type QueryOf<K extends OperationId> = OrEmpty<
  NonNullable<Operation<K>['parameters']['query']>
>;
export type PathParamsOf<K extends OperationId> = OrEmpty<
  NonNullable<Operation<K>['parameters']['path']>
>;
/** The header parameters the contract declares, by their names as written there. */
export type HeadersOf<K extends OperationId> = OrEmpty<
  NonNullable<Operation<K>['parameters']['header']>
>;

type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 206;
type Responses<K extends OperationId> = Operation<K>['responses'];
export type SuccessBodyOf<K extends OperationId> = {
  // 204 No Content: the handler answers nothing.
  [S in keyof Responses<K> & SuccessStatus]: S extends 204 ? void : AnswerBodyOf<Responses<K>[S]>;
}[keyof Responses<K> & SuccessStatus];

/** When session tokens expire (auth/sessions.ts). */
export interface SessionPolicy {
  /** Days a token stays valid without being used. */
  idleDays: number;
  /** Days after sign-in a token stops working, used or not. */
  maxDays: number;
}

/** The card gateway's settings (billing/gateways/cardGateway.ts). */
export interface CardGatewaySettings {
  /** vpc_Merchant: who the gateway pays. */
  merchant: string;
  /** vpc_AccessCode: sent with every payment request. */
  accessCode: string;
  /** The shared secret as a hex string; the HMAC key is its bytes. */
  secret: string;
}

/** The caller's address (the connection's; headers are never trusted for it) and browser. */
export interface ClientInfo {
  address: string;
  userAgent: string | undefined;
}

/** What every handler may use besides the request itself. */
export interface SandboxServices {
  db: Db;
  now: () => Date;
  /** How long simulated provisioning takes. */
  buildSeconds: number;
  /** Servers one account may hold, pending create orders included. */
  serverQuota: number;
  /** When session tokens expire. */
  sessionPolicy: SessionPolicy;
  /** The card gateway's merchant, access code and signing secret. */
  cardGateway: CardGatewaySettings;
  /** Dong per US dollar for PayPal top-ups. */
  usdRate: number;
  /** Seconds after a customer's ticket message until the sandbox's support answers it. */
  supportReplySeconds: number;
  /** How many rows of each kind an account may keep open (accountLimits.ts, issue 20). */
  accountLimits: AccountLimits;
}

export interface HandlerContext<K extends OperationId> extends SandboxServices {
  body: RequestBodyOf<K>;
  query: QueryOf<K>;
  params: PathParamsOf<K>;
  headers: HeadersOf<K>;
  /** The signed-in user when the operation's security admitted one. */
  userId: number | undefined;
  locale: Locale;
  t: Translate;
  /** The configured origin of the portal, for links in mails; never taken from the request. */
  origin: string;
  /** The token of `Authorization: Token …`, when the request sent one. */
  sessionToken: string | undefined;
  /** `sessionToken` is one of the account's API tokens (a script), not a session's token. */
  viaApiToken: boolean;
  /** Who is calling, as far as the connection tells: for session lists and the activity log. */
  client: ClientInfo;
  log: FastifyBaseLogger;
}

/** A success answer with a status other than the operation's first 2xx in the contract. */
export class Answer<Body> {
  constructor(
    readonly status: number,
    readonly body: Body,
  ) {}
}

/** A file answer (an operation whose success content is not JSON): its bytes and type. */
export class FileAnswer {
  constructor(
    readonly contentType: string,
    /** The name a browser saves it under. */
    readonly filename: string,
    readonly body: Buffer,
  ) {}
}

export type HandlerResult<K extends OperationId> = SuccessBodyOf<K> | Answer<SuccessBodyOf<K>>;

export type Handler<K extends OperationId> = (
  context: HandlerContext<K>,
) => HandlerResult<K> | Promise<HandlerResult<K>>;

export type HandlerTable = { [K in OperationId]?: Handler<K> };
