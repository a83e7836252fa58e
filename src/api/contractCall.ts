/**
 * The types that check a call against the contract at compile time: the path must be one of the
 * generated `paths` (in its templated form, `/cloud/servers/{id}`), the method one that path has,
 * the path parameters, query and JSON body those of the operation, and the answer is the
 * operation's 2xx body — all inferred from `paths`, so callers give no `<T>`. Types only: nothing
 * here reaches the bundle (the runtime is `contractClient` in client.ts). The same idea as
 * openapi-fetch, without its runtime bytes.
 */
import type { paths } from './schema';

/**
 * The methods in capitals, as HTTP and openapi-fetch write them (fetch would not put `patch` in
 * capitals itself); the generated `paths` spell them in lower case.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The contract's paths that have an operation for `M`. */
export type PathsWith<M extends HttpMethod> = {
  [P in keyof paths]: [NonNullable<paths[P][Lowercase<M>]>] extends [never] ? never : P;
}[keyof paths];

/** Those of them without `{parameters}`, such as `/auth/users`. */
export type FixedPathsWith<M extends HttpMethod> = Exclude<PathsWith<M>, `${string}{${string}`>;

export type OperationOf<P extends keyof paths, M extends HttpMethod> = NonNullable<
  paths[P][Lowercase<M>]
>;

type Defined<T> = Exclude<T, undefined>;
type ParametersOf<O> = O extends { parameters: infer Parameters } ? Parameters : never;
type PathParamsOf<O> = ParametersOf<O> extends { path?: infer Path } ? Defined<Path> : never;
type QueryOf<O> = ParametersOf<O> extends { query?: infer Query } ? Defined<Query> : never;
type HeaderOf<O> = ParametersOf<O> extends { header?: infer Header } ? Defined<Header> : never;
type RequestBodyOf<O> = O extends { requestBody?: infer Body } ? Defined<Body> : never;
type JsonBodyOf<O> = [RequestBodyOf<O>] extends [never]
  ? never
  : RequestBodyOf<O> extends { content: { 'application/json': infer Json } }
    ? Json
    : never;

/**
 * A numeric path parameter (the records' ids) also takes a string: react-admin's `Identifier`
 * reaches the providers as a string from the route. Its name is still checked.
 */
type PathValues<Path> = {
  [Name in keyof Path]: Path[Name] extends number ? number | string : Path[Name];
};

type PathPart<O> = [PathParamsOf<O>] extends [never]
  ? { path?: never }
  : { path: PathValues<PathParamsOf<O>> };
type QueryPart<O> = [QueryOf<O>] extends [never]
  ? { query?: never }
  : ParametersOf<O> extends { query: object }
    ? { query: QueryOf<O> }
    : { query?: QueryOf<O> };
/** Header parameters the contract declares (`Idempotency-Key`), by their names as written there. */
type HeaderPart<O> = [HeaderOf<O>] extends [never] ? { header?: never } : { header?: HeaderOf<O> };
type Params<O> = PathPart<O> & QueryPart<O> & HeaderPart<O>;

type ParamsPart<O> = object extends Params<O> ? { params?: Params<O> } : { params: Params<O> };
type BodyPart<O> = [JsonBodyOf<O>] extends [never]
  ? { body?: never }
  : O extends { requestBody: object }
    ? { body: JsonBodyOf<O> }
    : { body?: JsonBodyOf<O> };
/** A file answer (the invoice's PDF) must be asked for as one, and only such an answer. */
type FilePart<O> = AnswerOf<O> extends Blob ? { file: true } : { file?: never };

export type CallInit<O> = ParamsPart<O> & BodyPart<O> & FilePart<O> & { signal?: AbortSignal };
/** The init argument may be left out when nothing in it is required. */
export type CallArgs<O> = object extends CallInit<O> ? [init?: CallInit<O>] : [init: CallInit<O>];

type SuccessStatus = 200 | 201 | 202 | 204;
type ResponsesOf<O> = O extends { responses: infer Responses } ? Responses : never;
type SuccessOf<O> = ResponsesOf<O>[Extract<keyof ResponsesOf<O>, SuccessStatus>];
type BodyOfAnswer<Response> = Response extends { content: { 'application/json': infer Json } }
  ? Json
  : Response extends { content: { 'application/pdf': unknown } }
    ? Blob
    : undefined;

/** The operation's 2xx answer: its JSON body, a Blob for a file, undefined for "no content". */
export type AnswerOf<O> = BodyOfAnswer<SuccessOf<O>>;
