/**
 * Every operation of the contract carries an example of its request body and of its success
 * answer, so that integrators read real-looking data and a mock server (Prism) answers with data
 * a portal can render. Each example passes the checks real traffic passes: request bodies go
 * through the sandbox's own request validation, and answers through the check `validateResponses`
 * puts on every answer of the sandbox (`responseProblem`).
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

import {
  CONTRACT_FILE,
  loadContract,
  responseProblem,
  type Operation,
} from '../../server/platform/contract';
import { handlers as realHandlers } from '../../server/handlers';
import { Answer, type HandlerTable } from '../../server/platform/handler';
import { DEMO_PASSWORD } from '../../server/sandbox/seed';
import { basicAuth, signIn, testApp, withToken } from '../../server/testing';

type Json = Record<string, unknown>;

interface MediaType {
  schema?: unknown;
  example?: unknown;
  examples?: Record<string, { value?: unknown; $ref?: string }>;
}
interface Holder {
  $ref?: string;
  content?: Record<string, MediaType>;
}

const document = parse(readFileSync(CONTRACT_FILE, 'utf8')) as Json;
const contract = loadContract();

/** What a local `$ref` (such as '#/components/responses/NotFound') points at. */
function follow<T>(node: T & { $ref?: string }): T {
  if (typeof node.$ref !== 'string') return node;
  let target: unknown = document;
  for (const part of node.$ref.slice(2).split('/')) target = (target as Json)[part];
  return follow(target as T & { $ref?: string });
}

/** The examples of a request body or response's JSON content (none when it has no JSON). */
function jsonExamples(holder: Holder | undefined): { hasJson: boolean; examples: unknown[] } {
  const content = holder && follow(holder).content;
  const media = Object.entries(content ?? {}).find(([type]) => type.startsWith('application/json'));
  if (!media) return { hasJson: false, examples: [] };
  const { example, examples } = media[1];
  return {
    hasJson: true,
    examples: [
      ...(example === undefined ? [] : [example]),
      ...Object.values(examples ?? {}).map((named) => follow(named).value),
    ],
  };
}

interface RawOperation {
  requestBody?: Holder;
  responses?: Record<string, Holder>;
}

function rawOperation(operation: Operation): RawOperation {
  const item = follow((document.paths as Record<string, Json>)[operation.path] ?? {});
  return (item[operation.method] ?? {}) as RawOperation;
}

const operations = contract.operations.map((operation) => {
  const raw = rawOperation(operation);
  return {
    operation,
    request: jsonExamples(raw.requestBody),
    responses: Object.entries(raw.responses ?? {}).map(([status, response]) => ({
      status,
      ...jsonExamples(response),
    })),
  };
});

describe('the contract’s examples', () => {
  it('covers every operation: its request body and its success answer', () => {
    expect(operations.length).toBeGreaterThan(80);
    const missing: string[] = [];
    for (const { operation, request, responses } of operations) {
      if (request.hasJson && !request.examples.length) {
        missing.push(`${operation.operationId}: request body`);
      }
      const success = responses.find(({ status }) => status === String(operation.successStatus));
      if (success?.hasJson && !success.examples.length) {
        missing.push(`${operation.operationId}: ${success.status} answer`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('shows answers that pass the check every sandbox answer gets', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const { operation, responses } of operations) {
      for (const { status, examples } of responses) {
        for (const example of examples) {
          checked += 1;
          const problem = responseProblem(operation, Number(status), example);
          if (problem) problems.push(problem);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(operations.length);
  });

  describe('request bodies, sent to a sandbox whose operations only say they were reached', () => {
    const REACHED = { message: 'reached' };
    let app: FastifyInstance;
    let token: string;
    let agencyToken: string;

    beforeAll(async () => {
      const handlers = {
        ...Object.fromEntries(
          contract.operations.map(({ operationId }) => [
            operationId,
            () => new Answer(200, REACHED),
          ]),
        ),
        getToken: realHandlers.getToken,
      } as unknown as HandlerTable;
      // No answer check here: it would count every operation as covered by a real 2xx
      // (tests/support/contractCoverage.ts); answers are checked above, the same way.
      ({ app } = await testApp({ handlers, validateResponses: false }));
      token = await signIn(app, 'demo@example.vn');
      // The agency's operations admit agencies only, before reading the request.
      agencyToken = await signIn(app, 'agency@example.vn');
    });

    afterAll(async () => {
      await app.close();
    });

    const withBodies = operations.filter(({ request }) => request.examples.length);

    it.each(withBodies.map((entry) => [entry.operation.operationId, entry] as const))(
      '%s accepts its request example',
      async (_id, { operation, request }) => {
        for (const example of request.examples) {
          const answer = await app.inject({
            method: operation.method.toUpperCase() as 'POST',
            url: urlOf(operation),
            headers: {
              'content-type': 'application/json',
              ...credentials(operation, operation.tags.includes('agency') ? agencyToken : token),
            },
            payload: JSON.stringify(example),
          });
          expect({ status: answer.statusCode, body: answer.json() }).toEqual({
            status: 200,
            body: REACHED,
          });
        }
      },
    );
  });
});

/** The operation's URL with its path parameters and required query parameters filled in. */
function urlOf(operation: Operation): string {
  const sample = (name: string, schema: Json) => {
    if (Array.isArray(schema.enum)) return String(schema.enum[0]);
    if (schema.type === 'integer' || schema.type === 'number') return '1';
    return name === 'code' ? 'TET2026' : 'TOPUP-20260315-4F7A';
  };
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const parameter = operation.pathParameters.find((p) => p.name === name);
    return encodeURIComponent(sample(name, parameter?.schema ?? {}));
  });
  const query = new URLSearchParams(
    operation.queryParameters
      .filter((parameter) => parameter.required)
      .map((parameter) => [parameter.name, sample(parameter.name, parameter.schema)]),
  );
  return `${contract.apiPrefix}${path}${query.size ? `?${query}` : ''}`;
}

function credentials(operation: Operation, token: string): Record<string, string> {
  const scheme = Object.keys(operation.security[0] ?? {})[0];
  if (scheme === 'tokenAuth') return withToken(token);
  if (scheme === 'basicAuth') return { authorization: basicAuth('demo@example.vn', DEMO_PASSWORD) };
  return {};
}
