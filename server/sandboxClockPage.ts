/**
 * The sandbox clock's controls, outside /api/v1 and the contract (a development tool, like the
 * outbox): `GET /sandbox/clock` tells the sandbox time, `POST /sandbox/clock` moves it forward,
 * and the /sandbox page gets a section with buttons that post to `/sandbox/clock/advance`. Every
 * move runs the renewal sweep, so renewals that fell due in the skipped time are issued at once.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import type { FastifyInstance } from 'fastify';
import { formatDateTime } from '../src/domain/dates';
import { DAY_MS, HOUR_MS, stepMs, type SandboxClock } from './clock';
import type { Db } from './db';
import { ApiError } from './errors';
import type { Translate } from './i18n';
import { issueDueRenewals } from './renewals';
import { escapeHtml } from './sandboxPages';

dayjs.extend(utc);

export const CLOCK_PATH = '/sandbox/clock';
export const CLOCK_FORM_PATH = '/sandbox/clock/advance';

interface ClockServices {
  db: Db;
  clock: SandboxClock;
}

interface AdvanceBody {
  advance: { days?: number; hours?: number };
}

const advanceBodySchema = {
  type: 'object',
  required: ['advance'],
  additionalProperties: false,
  properties: {
    advance: {
      type: 'object',
      additionalProperties: false,
      properties: { days: { type: 'integer' }, hours: { type: 'integer' } },
    },
  },
} as const;

/** The page's buttons; a month is a calendar month from the sandbox's present. */
const FORM_STEPS = ['day', 'week', 'month'] as const;
type FormStep = (typeof FORM_STEPS)[number];

const formBodySchema = {
  type: 'object',
  required: ['step'],
  properties: { step: { type: 'string', enum: FORM_STEPS } },
} as const;

export function registerSandboxClock(app: FastifyInstance, services: ClockServices): void {
  const { clock } = services;
  const advance = (ms: number) => {
    clock.advance(ms);
    return issueDueRenewals(services.db, clock.now());
  };
  const state = () => ({ now: clock.now().toISOString(), offset_ms: clock.offsetMs() });

  void app.register(async (scope) => {
    // The page's buttons post an HTML form; only this scope reads that body type.
    if (!scope.hasContentTypeParser('application/x-www-form-urlencoded')) {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_request, body, done) =>
          done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );
    }

    scope.get(CLOCK_PATH, async () => state());

    scope.post<{ Body: AdvanceBody }>(
      CLOCK_PATH,
      { schema: { body: advanceBodySchema } },
      async (request) => {
        const { days = 0, hours = 0 } = request.body.advance;
        if (days < 0 || hours < 0) throw new ApiError(400, 'server.clock.backwards');
        const issued = advance(stepMs({ days, hours }));
        return { ...state(), renewals_issued: issued };
      },
    );

    scope.post<{ Body: { step: FormStep } }>(
      CLOCK_FORM_PATH,
      { schema: { body: formBodySchema } },
      async (request, reply) => {
        // A form any site could post: only the sandbox's own page may move its clock.
        if (!fromSameOrigin(request.headers.origin, request.headers.host)) {
          throw new ApiError(403, 'server.clock.foreign_form');
        }
        advance(formStepMs(request.body.step, clock.now()));
        return reply.redirect('/sandbox', 303);
      },
    );
  });
}

function formStepMs(step: FormStep, now: Date): number {
  if (step === 'day') return stepMs({ days: 1 });
  if (step === 'week') return stepMs({ days: 7 });
  return dayjs.utc(now).add(1, 'month').valueOf() - now.getTime();
}

/** Browsers send Origin with every form post; a missing one is a tool such as curl. */
function fromSameOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined) return true;
  try {
    const from = new URL(origin);
    // Read the Host header as the same scheme would, so a default port compares equal.
    return from.host === new URL(`${from.protocol}//${host}`).host;
  } catch {
    return false;
  }
}

/** The clock's section of the /sandbox page. */
export function clockSection(clock: SandboxClock, t: Translate): string {
  const now = clock.now();
  const offset = clock.offsetMs();
  const days = Math.floor(offset / DAY_MS);
  const hours = Math.floor((offset % DAY_MS) / HOUR_MS);
  const button = (step: FormStep) =>
    `<button type="submit" name="step" value="${step}">${escapeHtml(t(`server.clock.step_${step}`))}</button>`;
  return `<section aria-labelledby="sandbox-clock">
<h2 id="sandbox-clock">${escapeHtml(t('server.clock.title'))}</h2>
<p>${escapeHtml(t('server.clock.intro'))}</p>
<p>${escapeHtml(t('server.clock.now'))}: <time datetime="${escapeHtml(now.toISOString())}">${escapeHtml(formatDateTime(now))}</time>
· ${escapeHtml(t('server.clock.offset', { days, hours }))}</p>
<form method="post" action="${CLOCK_FORM_PATH}">
  ${FORM_STEPS.map(button).join('\n  ')}
</form>
</section>`;
}
