/**
 * The sandbox's stand-in for PayPal's checkout, outside /api/v1 and the contract: the approval
 * page a PayPal top-up's `url` leads to (pay, pay with a sale left pending as an eCheck is, or
 * cancel), and the /sandbox page's list of pending sales with "Complete sale", which plays
 * PayPal's PAYMENT.SALE.COMPLETED webhook.
 *
 * Plain HTML forms posting to the same origin, no script, so the pages keep to the sandbox's
 * Content-Security-Policy. Like every /sandbox page they have no sign-in: anyone who can reach the
 * sandbox may approve a pending payment or complete a sale (acceptable for a local simulator, and
 * why the sandbox listens on this machine only by default). Each form carries the token of
 * sandboxForms.ts, so another site cannot post them through a visitor's browser.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../platform/db';
import {
  attemptOf,
  completePendingSale,
  creditPaypalSale,
  decidePaypalPayment,
  findPaypalPayment,
  PAYPAL_DECISIONS,
  pendingSales,
  type PaypalDecision,
  type PaypalPaymentRow,
  PAYPAL_CHECKOUT_PATH,
} from '../billing/gateways/paypalGateway';
import { translator, type MessageKey, type Translate } from '../platform/i18n';
import { formTokenField, formTokenFor, requireFormToken } from './sandboxForms';
import { escapeHtml, gatewayShell, sandboxLocale, sendFormAnswer } from './sandboxHtml';
import { groupThousands } from '../../src/domain/money';

export const PAYPAL_DECISION_PATH = '/sandbox/paypal/decision';
export const PAYPAL_COMPLETE_SALE_PATH = '/sandbox/paypal/complete-sale';

interface PaypalServices {
  db: Db;
  now: () => Date;
}

const DECISION_LABELS: Record<PaypalDecision, MessageKey> = {
  pay: 'server.paypal_gateway.pay',
  pay_pending: 'server.paypal_gateway.pay_pending',
  cancel: 'server.paypal_gateway.cancel',
};

export function registerPaypalPages(app: FastifyInstance, services: PaypalServices): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    scope.get<{ Querystring: { token?: string; 'locale.x'?: string } }>(
      PAYPAL_CHECKOUT_PATH,
      {
        schema: {
          querystring: {
            type: 'object',
            properties: {
              token: { type: 'string', maxLength: 64 },
              // PayPal's own parameter for the checkout's language (vi_VN, en_US).
              'locale.x': { type: 'string', maxLength: 16 },
            },
          },
        },
      },
      async (request, reply) => {
        const locale = sandboxLocale(request, reply, request.query['locale.x']);
        const t = translator(locale);
        const payment = request.query.token
          ? findPaypalPayment(services.db, { token: request.query.token })
          : undefined;
        const [status, body] = !payment
          ? [404, message(t, 'server.paypal_gateway.invalid_request')]
          : payment.state !== 'created'
            ? [409, message(t, 'server.paypal_gateway.already_processed')]
            : [
                200,
                checkoutBody(
                  t,
                  payment,
                  attemptOf(services.db, payment).reference,
                  formTokenFor(request, reply),
                  locale,
                ),
              ];
        return reply
          .code(status)
          .type('text/html; charset=utf-8')
          .send(gatewayShell(locale, t('server.paypal_gateway.title'), body));
      },
    );

    scope.post<{ Body: { token: string; decision: PaypalDecision; locale?: string } }>(
      PAYPAL_DECISION_PATH,
      {
        // Refused, the link leads back to the approval page the form was on.
        preValidation: requireFormToken({
          back: checkoutPageOf,
          locale: (request) =>
            sandboxLocale(request, undefined, (request.body as { locale?: string })?.locale),
        }),
        schema: {
          body: {
            type: 'object',
            required: ['token', 'decision'],
            properties: {
              token: { type: 'string', maxLength: 64 },
              decision: { type: 'string', enum: PAYPAL_DECISIONS },
              locale: { type: 'string', enum: ['vi', 'en'] },
            },
          },
        },
      },
      async (request, reply) => {
        const locale = sandboxLocale(request, undefined, request.body.locale);
        const t = translator(locale);
        const { token, decision } = request.body;
        const payment = decidePaypalPayment(services.db, token, decision);
        const returnUrl = payment && attemptOf(services.db, payment).return_url;
        if (!payment || !returnUrl) {
          return reply
            .code(409)
            .type('text/html; charset=utf-8')
            .send(
              gatewayShell(
                locale,
                t('server.paypal_gateway.title'),
                message(t, 'server.paypal_gateway.already_processed'),
              ),
            );
        }
        // As PayPal does: return_url with paymentId, PayerID and token after an approval;
        // cancel_url (here the same page) with the token alone after "Cancel".
        const back = new URL(returnUrl);
        back.searchParams.set('payment_method', 'paypal');
        if (payment.state === 'approved') {
          back.searchParams.set('paymentId', payment.id);
          back.searchParams.set('PayerID', payment.payer_id ?? '');
        }
        back.searchParams.set('token', payment.token);
        return reply.redirect(back.toString(), 303);
      },
    );

    scope.post<{ Body: { paymentId: string } }>(
      PAYPAL_COMPLETE_SALE_PATH,
      {
        preValidation: requireFormToken(),
        schema: {
          body: {
            type: 'object',
            required: ['paymentId'],
            properties: { paymentId: { type: 'string', maxLength: 64 } },
          },
        },
      },
      async (request, reply) => {
        const locale = sandboxLocale(request);
        const t = translator(locale);
        const completed = completePendingSale(services.db, request.body.paymentId);
        const settlement = completed && creditPaypalSale(services.db, completed, services.now());
        const text =
          completed && settlement?.outcome === 'credited'
            ? t('server.paypal_gateway.sale_completed', {
                amount: groupThousands(settlement.amount),
                reference: completed.id,
              })
            : t('server.paypal_gateway.no_pending_sale');
        return sendFormAnswer(
          reply,
          settlement?.outcome === 'credited' ? 200 : 409,
          locale,
          t('server.paypal_gateway.sales_title'),
          { text, role: 'status', back: t('server.paypal_gateway.back_to_sandbox') },
        );
      },
    );
  });
}

/** The approval page of the PayPal token a (refused) decision form names. */
function checkoutPageOf(request: FastifyRequest): string {
  const token = (request.body as { token?: unknown } | undefined)?.token;
  return typeof token === 'string' && /^[\w-]{1,64}$/.test(token)
    ? `${PAYPAL_CHECKOUT_PATH}?token=${encodeURIComponent(token)}`
    : '/sandbox';
}

function message(t: Translate, key: MessageKey): string {
  return `<p>${escapeHtml(t(key))}</p>`;
}

function checkoutBody(
  t: Translate,
  payment: PaypalPaymentRow,
  reference: string,
  formToken: string,
  locale: 'vi' | 'en',
): string {
  const buttons = PAYPAL_DECISIONS.map(
    (decision) =>
      `<button type="submit" name="decision" value="${decision}">${escapeHtml(
        t(DECISION_LABELS[decision]),
      )}</button>`,
  ).join('\n  ');
  return `<p>${escapeHtml(t('server.paypal_gateway.intro'))}</p>
<dl>
  <dt>${escapeHtml(t('server.paypal_gateway.invoice'))}</dt><dd>${escapeHtml(reference)}</dd>
  <dt>${escapeHtml(t('server.paypal_gateway.amount'))}</dt><dd>${escapeHtml(`${payment.charged_total} USD`)}</dd>
</dl>
<form method="post" action="${PAYPAL_DECISION_PATH}">
  ${formTokenField(formToken)}
  <input type="hidden" name="token" value="${escapeHtml(payment.token)}">
  <input type="hidden" name="locale" value="${locale}">
  ${buttons}
</form>`;
}

/** The /sandbox page's section: approved PayPal payments whose sale is still pending. */
export function pendingSalesSection(db: Db, t: Translate, formToken: string): string {
  const sales = pendingSales(db);
  const rows = sales
    .map(
      (
        sale,
      ) => `<li>${escapeHtml(sale.email)} — ${escapeHtml(`${sale.sale_total} USD`)} (${escapeHtml(
        `${groupThousands(sale.amount)} ₫`,
      )}) — <code>${escapeHtml(sale.reference)}</code> (PayPal ${escapeHtml(sale.id)})
<form method="post" action="${PAYPAL_COMPLETE_SALE_PATH}" class="inline">
  ${formTokenField(formToken)}
  <input type="hidden" name="paymentId" value="${escapeHtml(sale.id)}">
  <button type="submit">${escapeHtml(t('server.paypal_gateway.complete_sale'))}</button>
</form></li>`,
    )
    .join('\n');
  return `<section>
<h2>${escapeHtml(t('server.paypal_gateway.sales_title'))}</h2>
${sales.length ? `<ul>${rows}</ul>` : `<p>${escapeHtml(t('server.paypal_gateway.no_sales'))}</p>`}
</section>`;
}
