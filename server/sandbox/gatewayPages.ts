/**
 * The sandbox's stand-ins for the payment gateways, outside /api/v1 and the contract:
 * - OnePay: the page where the customer approves, declines or cancels a card payment, and the
 *   IPN, the gateway's server-to-server call to the provider. Deciding on the page calls the IPN,
 *   then sends the browser back to the portal with the same signed fields, as OnePay does.
 * - The bank: the /sandbox page's "transfer received" form, which reports a transfer as the
 *   provider's bank would, and credits its reference once.
 * (PayPal's are in paypalPages.ts.) Like every /sandbox page these forms have no sign-in: anyone
 * who can reach the sandbox can report a transfer (acceptable for a local simulator, which is why
 * the sandbox listens on this machine only by default). Each form carries the token of
 * sandboxForms.ts, so another site cannot post them through a visitor's browser.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../platform/db';
import {
  CARD_RESPONSE,
  findAttempt,
  gatewayAmount,
  gatewayAnswer,
  isGatewayPending,
  pendingCardAttempts,
  settleCardAnswer,
  type CardDecision,
  type CardGatewaySettings,
  type PaymentAttemptRow,
} from '../billing/gateways/cardGateway';
import {
  awaitedTransfers,
  BANK_REFERENCE_PATTERN,
  creditBankTransfer,
  normalizedBankReference,
} from '../billing/gateways/bankTransfer';
import { hasValidOnepaySignature } from '../billing/gateways/onepaySignature';
import { translator, type MessageKey, type Translate } from '../platform/i18n';
import { formTokenField, formTokenFor, requireFormToken } from './sandboxForms';
import { escapeHtml, gatewayShell, sandboxLocale, sendFormAnswer } from './sandboxHtml';
import { formatDateTime } from '../../src/domain/dates';
import { groupThousands, parseDong } from '../../src/domain/money';
import { TOPUP_MAX_AMOUNT } from '../../src/domain/recordValidation';

export const GATEWAY_PAGE_PATH = '/sandbox/onepay/vpc.op';
export const GATEWAY_DECISION_PATH = '/sandbox/onepay/decision';
export const GATEWAY_IPN_PATH = '/sandbox/onepay/ipn';
export const TRANSFER_RECEIVED_PATH = '/sandbox/bank-transfer/received';
/** The bank's final answer for a card payment it held as pending (the /sandbox page's forms). */
export const CARD_SETTLE_PATH = '/sandbox/onepay/settle';
const SETTLE_DECISIONS = ['approved', 'declined'] as const;

interface GatewayServices {
  db: Db;
  now: () => Date;
  settings: CardGatewaySettings;
}

type Fields = Record<string, string | undefined>;

/** Every query or form field must be one string: a repeated name is not a OnePay request. */
const singleStrings = {
  type: 'object',
  additionalProperties: { type: 'string', maxLength: 2048 },
} as const;

const DECISIONS = Object.keys(CARD_RESPONSE) as CardDecision[];

export function registerGatewayPages(app: FastifyInstance, services: GatewayServices): void {
  void app.register(async (scope) => {
    // The gateway page posts an HTML form; only this scope reads that body type.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    scope.get<{ Querystring: Fields }>(
      GATEWAY_PAGE_PATH,
      { schema: { querystring: singleStrings } },
      async (request, reply) => {
        const attempt = requestedAttempt(request.query, services);
        // The portal's language, which the signed request carries as vpc_Locale.
        const locale = sandboxLocale(request, reply, request.query.vpc_Locale);
        const html = attempt
          ? gatewayPage(attempt, services, locale, formTokenFor(request, reply))
          : messagePage(locale, 'server.card_gateway.invalid_request');
        return reply
          .code(attempt ? 200 : 400)
          .type('text/html; charset=utf-8')
          .send(html);
      },
    );

    scope.post<{ Body: Fields }>(
      GATEWAY_DECISION_PATH,
      {
        // The language of the page the form was on is the form's own field.
        preValidation: requireFormToken({
          locale: (request) => ((request.body as Fields)?.locale === 'en' ? 'en' : 'vi'),
        }),
        schema: {
          body: {
            type: 'object',
            required: ['reference', 'decision'],
            properties: {
              reference: { type: 'string', maxLength: 64 },
              decision: { type: 'string', enum: DECISIONS },
              locale: { type: 'string', enum: ['vi', 'en'] },
            },
          },
        },
      },
      async (request, reply) => {
        const { reference, decision, locale = 'vi' } = request.body;
        const attempt = findAttempt(services.db, reference!);
        if (
          !attempt ||
          attempt.status !== 'pending' ||
          !attempt.return_url ||
          // The bank already answered "pending": only its final answer settles it now.
          isGatewayPending(attempt)
        ) {
          return reply
            .code(409)
            .type('text/html; charset=utf-8')
            .send(messagePage(locale, 'server.card_gateway.already_processed'));
        }
        const fields = gatewayAnswer(attempt, decision as CardDecision, services.settings, locale);
        // The gateway tells the provider first; the browser's return then finds it settled.
        await app.inject({ url: GATEWAY_IPN_PATH, query: fields });
        return reply.redirect(returnAddress(attempt.return_url, fields), 303);
      },
    );

    scope.post<{ Body: { reference: string; amount: string; different_amount?: string } }>(
      TRANSFER_RECEIVED_PATH,
      {
        preValidation: requireFormToken(),
        schema: {
          body: {
            type: 'object',
            required: ['reference', 'amount'],
            properties: {
              reference: { type: 'string', maxLength: 64 },
              amount: { type: 'string', maxLength: 32 },
              // The checkbox: present ("1") only when ticked.
              different_amount: { type: 'string', maxLength: 8 },
            },
          },
        },
      },
      async (request, reply) => {
        const locale = sandboxLocale(request);
        const t = translator(locale);
        const reference = normalizedBankReference(request.body.reference);
        const amount = receivedAmount(request.body.amount);
        const [status, text] = ((): [number, string] => {
          if (amount === undefined) return [400, t('server.bank_transfer.amount_invalid')];
          if (!BANK_REFERENCE_PATTERN.test(reference)) {
            return [404, t('server.bank_transfer.unknown_reference', { reference })];
          }
          const credit = creditBankTransfer(services.db, {
            reference,
            amount,
            now: services.now(),
            differentAmount: request.body.different_amount !== undefined,
          });
          if (credit.outcome === 'credited') {
            const credited = groupThousands(credit.amount);
            return [
              200,
              credit.amount < amount
                ? t('server.bank_transfer.credited_capped', {
                    reference,
                    amount: credited,
                    typed: groupThousands(amount),
                  })
                : t('server.bank_transfer.credited', { reference, amount: credited }),
            ];
          }
          if (credit.outcome === 'already_credited') {
            return [409, t('server.bank_transfer.already_credited', { reference })];
          }
          return [404, t('server.bank_transfer.unknown_reference', { reference })];
        })();
        return sendFormAnswer(reply, status, locale, t('server.bank_transfer.section_title'), {
          text,
          back: t('server.bank_transfer.back_to_sandbox'),
        });
      },
    );

    scope.post<{ Body: { reference: string; decision: (typeof SETTLE_DECISIONS)[number] } }>(
      CARD_SETTLE_PATH,
      {
        preValidation: requireFormToken({ locale: (request) => sandboxLocale(request) }),
        schema: {
          body: {
            type: 'object',
            required: ['reference', 'decision'],
            properties: {
              reference: { type: 'string', maxLength: 64 },
              decision: { type: 'string', enum: SETTLE_DECISIONS },
            },
          },
        },
      },
      async (request, reply) => {
        const locale = sandboxLocale(request);
        const t = translator(locale);
        const { reference, decision } = request.body;
        const attempt = findAttempt(services.db, reference);
        let status = 409;
        let text = t('server.topup_attempts.card_settle_nothing');
        if (attempt && isGatewayPending(attempt)) {
          // The gateway tells the provider its final answer through the IPN, signed as always.
          const fields = gatewayAnswer(attempt, decision, services.settings, locale);
          await app.inject({ url: GATEWAY_IPN_PATH, query: fields });
          const settled = findAttempt(services.db, reference)!;
          if (decision === 'approved' && settled.status === 'credited') {
            status = 200;
            text = t('server.topup_attempts.card_settled_approved', {
              reference,
              amount: groupThousands(settled.amount),
            });
          } else if (decision === 'declined' && settled.status === 'failed') {
            status = 200;
            text = t('server.topup_attempts.card_settled_declined', { reference });
          }
        }
        return sendFormAnswer(reply, status, locale, t('server.topup_attempts.card_settle_title'), {
          text,
          back: t('server.bank_transfer.back_to_sandbox'),
        });
      },
    );

    scope.get<{ Querystring: Fields }>(
      GATEWAY_IPN_PATH,
      { schema: { querystring: singleStrings } },
      async (request, reply) => {
        const settlement = settleCardAnswer(services.db, services.settings, request.query, {
          now: services.now(),
        });
        // OnePay's IPN protocol: the provider confirms with responsecode=1.
        const confirmed = settlement.outcome !== 'refused';
        return reply
          .type('text/plain; charset=utf-8')
          .send(
            confirmed ? 'responsecode=1&desc=confirm-success' : 'responsecode=0&desc=confirm-fail',
          );
      },
    );
  });
}

/** The pending attempt a signed payment request names, when everything in it matches. */
function requestedAttempt(fields: Fields, services: GatewayServices) {
  if (!hasValidOnepaySignature(fields, services.settings.secret)) return undefined;
  if (
    fields.vpc_Merchant !== services.settings.merchant ||
    fields.vpc_AccessCode !== services.settings.accessCode
  ) {
    return undefined;
  }
  const attempt = fields.vpc_MerchTxnRef
    ? findAttempt(services.db, fields.vpc_MerchTxnRef)
    : undefined;
  if (!attempt || fields.vpc_Amount !== gatewayAmount(attempt.amount)) return undefined;
  return attempt;
}

/** The portal's return page with the gateway's fields added (and the method, which the portal needs). */
function returnAddress(returnUrl: string, fields: Record<string, string>): string {
  const url = new URL(returnUrl);
  if (!url.searchParams.has('payment_method')) url.searchParams.set('payment_method', 'card');
  for (const [name, value] of Object.entries(fields)) url.searchParams.set(name, value);
  return url.toString();
}

function gatewayPage(
  attempt: PaymentAttemptRow,
  services: GatewayServices,
  locale: 'vi' | 'en',
  formToken: string,
): string {
  const t = translator(locale);
  if (attempt.status !== 'pending' || isGatewayPending(attempt))
    return messagePage(locale, 'server.card_gateway.already_processed');
  const amount = new Intl.NumberFormat(locale === 'vi' ? 'vi-VN' : 'en-US').format(attempt.amount);
  const buttons = DECISIONS.map(
    (decision) =>
      `<button type="submit" name="decision" value="${decision}">${escapeHtml(
        t(DECISION_LABELS[decision]),
      )}</button>`,
  ).join('\n  ');
  return gatewayShell(
    locale,
    t('server.card_gateway.title'),
    `<p>${escapeHtml(t('server.card_gateway.intro'))}</p>
<dl>
  <dt>${escapeHtml(t('server.card_gateway.merchant'))}</dt><dd>${escapeHtml(services.settings.merchant)}</dd>
  <dt>${escapeHtml(t('server.card_gateway.reference'))}</dt><dd>${escapeHtml(attempt.reference)}</dd>
  <dt>${escapeHtml(t('server.card_gateway.amount'))}</dt><dd>${escapeHtml(`${amount} ${attempt.currency}`)}</dd>
  <dt>${escapeHtml(t('server.card_gateway.expires_at'))}</dt><dd><time datetime="${escapeHtml(attempt.expires_at)}">${escapeHtml(formatDateTime(attempt.expires_at))}</time></dd>
</dl>
<form method="post" action="${GATEWAY_DECISION_PATH}">
  ${formTokenField(formToken)}
  <input type="hidden" name="reference" value="${escapeHtml(attempt.reference)}">
  <input type="hidden" name="locale" value="${locale}">
  ${buttons}
</form>`,
  );
}

const DECISION_LABELS: Record<CardDecision, MessageKey> = {
  approved: 'server.card_gateway.approve',
  declined: 'server.card_gateway.decline',
  cancelled: 'server.card_gateway.cancel',
  pending: 'server.topup_attempts.pending_button',
};

function messagePage(
  locale: 'vi' | 'en' | string,
  key: 'server.card_gateway.invalid_request' | 'server.card_gateway.already_processed',
): string {
  const t = translator(locale === 'en' ? 'en' : 'vi');
  return gatewayShell(locale, t('server.card_gateway.title'), `<p>${escapeHtml(t(key))}</p>`);
}

/** Whole dong as typed on the form ("2.500.000", "2,500,000" or "2500000"); undefined when it is not. */
function receivedAmount(typed: string): number | undefined {
  const amount = parseDong(typed);
  return amount !== undefined && amount > 0 && amount <= TOPUP_MAX_AMOUNT ? amount : undefined;
}

/**
 * The /sandbox page's section: the "transfer received" form and the transfers still awaited.
 * Without a reference typed in, the form has nothing to guess: the list shows what is awaited.
 */
export function bankTransferSection(db: Db, t: Translate, formToken: string): string {
  const awaited = awaitedTransfers(db);
  const rows = awaited
    .map(
      (transfer) =>
        `<li><code>${escapeHtml(transfer.reference)}</code> — ${escapeHtml(transfer.email)} — ${escapeHtml(
          `${groupThousands(transfer.amount)} ₫`,
        )}</li>`,
    )
    .join('\n');
  return `<section>
<h2>${escapeHtml(t('server.bank_transfer.section_title'))}</h2>
<p>${escapeHtml(t('server.bank_transfer.section_intro'))}</p>
<form method="post" action="${TRANSFER_RECEIVED_PATH}">
  ${formTokenField(formToken)}
  <label>${escapeHtml(t('server.bank_transfer.reference_label'))} <input name="reference" required maxlength="64" autocomplete="off"></label>
  <label>${escapeHtml(t('server.bank_transfer.amount_label'))} <input name="amount" required inputmode="numeric" maxlength="32" autocomplete="off"></label>
  <label><input type="checkbox" name="different_amount" value="1"> ${escapeHtml(t('server.bank_transfer.different_amount_label'))}</label>
  <button type="submit">${escapeHtml(t('server.bank_transfer.received_button'))}</button>
</form>
<h3>${escapeHtml(t('server.bank_transfer.awaited_title'))}</h3>
${awaited.length ? `<ul>${rows}</ul>` : `<p>${escapeHtml(t('server.bank_transfer.none_awaited'))}</p>`}
</section>`;
}

/**
 * The /sandbox page's section: card payments the bank holds as pending (OnePay's code 300), each
 * with the bank's two possible final answers.
 */
export function pendingCardSection(db: Db, t: Translate, formToken: string): string {
  const pending = pendingCardAttempts(db);
  const rows = pending
    .map(
      (
        attempt,
      ) => `<li><code>${escapeHtml(attempt.reference)}</code> — ${escapeHtml(attempt.email)} — ${escapeHtml(
        `${groupThousands(attempt.amount)} ₫`,
      )}
<form method="post" action="${CARD_SETTLE_PATH}" class="inline">
  ${formTokenField(formToken)}
  <input type="hidden" name="reference" value="${escapeHtml(attempt.reference)}">
  <button type="submit" name="decision" value="approved">${escapeHtml(t('server.topup_attempts.card_settle_approve'))}</button>
  <button type="submit" name="decision" value="declined">${escapeHtml(t('server.topup_attempts.card_settle_decline'))}</button>
</form></li>`,
    )
    .join('\n');
  return `<section>
<h2>${escapeHtml(t('server.topup_attempts.card_settle_title'))}</h2>
${pending.length ? `<ul>${rows}</ul>` : `<p>${escapeHtml(t('server.topup_attempts.card_settle_none'))}</p>`}
</section>`;
}
