/**
 * How deep a request's JSON may nest. The contract's deepest body is a few levels; the checks that
 * walk a body (textRules.ts, the validators) recurse, and a body of 20,000 nested arrays — 40 KB,
 * well under the size limit — would overflow their stack into a 500. The parser refuses it first.
 */
export const MAX_JSON_DEPTH = 32;

/** Whether `value` nests objects or arrays more than `limit` deep (walked without recursion). */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return false;
}

/** The parser's refusal: a client error the error replies say in the caller's language (400). */
export class JsonTooDeepError extends Error {
  readonly statusCode = 400;
  readonly code = 'SANDBOX_JSON_TOO_DEEP';
  constructor() {
    super(`The JSON body nests deeper than ${MAX_JSON_DEPTH} levels`);
  }
}
