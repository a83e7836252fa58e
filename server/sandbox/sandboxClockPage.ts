/**
 * The sandbox clock's controls, outside /api/v1 and the contract (a development tool, like the
 * outbox): `GET /sandbox/clock` tells the sandbox time, `POST /sandbox/clock` (JSON only) moves it
 * forward, and the /sandbox page gets a section with buttons that post to `/sandbox/clock/advance`
 * (guarded by the form token of sandboxForms.ts). Every move runs the service life cycle through
 * the skipped time, a day at a time, so what fell due in it happens, dated on its day; the page
 * then shows what the move did.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatDateTime } from '../../src/domain/dates';
import { DAY_MS, HOUR_MS, stepMs, type SandboxClock } from '../platform/clock';
import type { Db } from '../platform/db';
import { ApiError } from '../platform/errors';
import type { MessageKey, Translate } from '../platform/i18n';
import { emptyLifecycleReport, type LifecycleReport } from '../billing/lifecycleReport';
import type { LifePolicy } from '../../src/domain/serviceLife';
import { sweepLifecycle } from '../billing/lifecycle';
import { vietnamMonthsAfter } from '../billing/renewals';
import { formTokenField, requireFormToken } from './sandboxForms';
import { escapeHtml } from './sandboxHtml';

export const CLOCK_PATH = '/sandbox/clock';
export const CLOCK_FORM_PATH = '/sandbox/clock/advance';

interface ClockServices {
  db: Db;
  clock: SandboxClock;
  lifePolicy?: LifePolicy;
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

/** The page's buttons; a month is a Vietnamese calendar month from the sandbox's present. */
const FORM_STEPS = ['day', 'week', 'month'] as const;
type FormStep = (typeof FORM_STEPS)[number];

const formBodySchema = {
  type: 'object',
  required: ['step'],
  properties: { step: { type: 'string', enum: FORM_STEPS } },
} as const;

/** JSON only: a form or a plain-text body (which any site may post) is refused with 415. */
async function jsonBodyOnly(request: FastifyRequest) {
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') throw new ApiError(415, 'server.unsupported_media_type');
}

export function registerSandboxClock(app: FastifyInstance, services: ClockServices): void {
  const { clock } = services;
  const advance = (ms: number): LifecycleReport => {
    clock.advance(ms);
    // What the life cycle (billing/lifecycle.ts) did in the skipped time is the move's report.
    return sweepLifecycle(services.db, clock.now(), services.lifePolicy);
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
      { preValidation: jsonBodyOnly, schema: { body: advanceBodySchema } },
      async (request) => {
        const { days = 0, hours = 0 } = request.body.advance;
        if (days < 0 || hours < 0) throw new ApiError(400, 'server.clock.backwards');
        const report = advance(stepMs({ days, hours }));
        return { ...state(), renewals_issued: report.renewalsIssued, report };
      },
    );

    scope.post<{ Body: { step: FormStep } }>(
      CLOCK_FORM_PATH,
      // A form any site could post: only a page of the sandbox's, with its token, moves the clock.
      { preValidation: requireFormToken(), schema: { body: formBodySchema } },
      async (request, reply) => {
        const { step } = request.body;
        const report = advance(formStepMs(step, clock.now()));
        return reply.redirect(`/sandbox?${movedQuery(step, report)}#sandbox-clock`, 303);
      },
    );
  });
}

function formStepMs(step: FormStep, now: Date): number {
  if (step === 'day') return stepMs({ days: 1 });
  if (step === 'week') return stepMs({ days: 7 });
  // A calendar month as the customer's periods count it, in Việt Nam: a UTC month from 1 May
  // 00:30 there would end on 31 May, a day short of the period it is meant to cross.
  return vietnamMonthsAfter(now, 1).getTime() - now.getTime();
}

/** A form move as the /sandbox page shows it afterwards: the step and what it did. */
export interface ClockMove {
  step: FormStep;
  report: LifecycleReport;
}

const REPORT_LINES: Record<keyof LifecycleReport, MessageKey> = {
  renewalsIssued: 'server.clock.report.renewals_issued',
  trialsBilled: 'server.clock.report.trials_billed',
  autoPaid: 'server.clock.report.auto_paid',
  reminders: 'server.clock.report.reminders',
  overdue: 'server.clock.report.overdue',
  suspended: 'server.clock.report.suspended',
  resumed: 'server.clock.report.resumed',
  terminated: 'server.clock.report.terminated',
};
const REPORT_FIELDS = Object.keys(REPORT_LINES) as (keyof LifecycleReport)[];

/** The query the page is redirected to after a move: the step and the report's non-zero counts. */
function movedQuery(step: FormStep, report: LifecycleReport): string {
  const query = new URLSearchParams({ moved: step });
  for (const field of REPORT_FIELDS) {
    const count = report[field];
    if (Number.isSafeInteger(count) && count > 0) query.set(field, String(count));
  }
  return query.toString();
}

/**
 * The move a /sandbox address reports, read back from its query: a known step, and counts that are
 * plain numbers (anything else counts as 0). Undefined when the address reports no move.
 */
export function clockMoveFromQuery(query: Record<string, unknown>): ClockMove | undefined {
  const step = FORM_STEPS.find((known) => known === query.moved);
  if (!step) return undefined;
  const report = emptyLifecycleReport();
  for (const field of REPORT_FIELDS) {
    const value = query[field];
    if (typeof value === 'string' && /^\d{1,6}$/.test(value)) report[field] = Number(value);
  }
  return { step, report };
}

function moveReport(move: ClockMove, t: Translate): string {
  const lines = REPORT_FIELDS.filter((field) => move.report[field] > 0).map((field) =>
    t(REPORT_LINES[field], { count: move.report[field] }),
  );
  const title = t('server.clock.report_title', { step: t(`server.clock.step_${move.step}`) });
  const text = lines.length ? `${lines.join(', ')}.` : t('server.clock.report_nothing');
  return `<p role="status" id="sandbox-clock-report"><strong>${escapeHtml(title)}:</strong> ${escapeHtml(text)}</p>`;
}

/** The clock's section of the /sandbox page, with what the last move did when it reports one. */
export function clockSection(
  clock: SandboxClock,
  t: Translate,
  formToken: string,
  move?: ClockMove,
): string {
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
${move ? `${moveReport(move, t)}\n` : ''}<form method="post" action="${CLOCK_FORM_PATH}">
  ${formTokenField(formToken)}
  ${FORM_STEPS.map(button).join('\n  ')}
</form>
</section>`;
}
