/**
 * Sandbox-only routes, outside /api/v1 and the contract: the outbox as JSON for tests and
 * as a page for people.
 */
import type { FastifyInstance } from 'fastify';
import type { Locale } from '../../src/domain/constants';
import type { SandboxClock } from '../platform/clock';
import type { Db } from '../platform/db';
import { translator, type MessageKey } from '../platform/i18n';
import { formatDateTime } from '../../src/domain/dates';
import { listMail, type StoredMail } from '../platform/outbox';
import { clockMoveFromQuery, clockSection, type ClockMove } from './sandboxClockPage';
import { formTokenFor } from './sandboxForms';
import { escapeHtml, sandboxLocale } from './sandboxHtml';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed';
import { bankTransferSection, pendingCardSection } from './gatewayPages';
import { pendingSalesSection } from './paypalPages';

interface OutboxQuery {
  to?: string;
  lang?: string;
}

const outboxQuerySchema = {
  type: 'object',
  properties: { to: { type: 'string', maxLength: 254 }, lang: { type: 'string', maxLength: 8 } },
} as const;

/** Links to the same page in either language. */
export function languageLinks(t: (key: MessageKey) => string, path: string): string {
  const link = (lang: Locale, label: string) =>
    `<a href="${escapeHtml(`${path}${path.includes('?') ? '&' : '?'}lang=${lang}`)}" lang="${lang}">${label}</a>`;
  return `<p>${escapeHtml(t('server.topup_attempts.language'))}: ${link('vi', 'Tiếng Việt')} · ${link('en', 'English')}</p>`;
}

export function registerSandboxPages(app: FastifyInstance, db: Db, clock: SandboxClock): void {
  app.get<{ Querystring: OutboxQuery }>(
    '/sandbox/outbox',
    { schema: { querystring: outboxQuerySchema } },
    async (request) => listMail(db, request.query.to || undefined),
  );

  app.get<{ Querystring: OutboxQuery }>(
    '/sandbox',
    { schema: { querystring: outboxQuerySchema } },
    async (request, reply) => {
      const to = request.query.to || undefined;
      const locale = sandboxLocale(request, reply, request.query.lang);
      const html = outboxPage(listMail(db, to), to, locale, clock, db, {
        // Every form on the page carries it; the cookie it is bound to is set with the page.
        formToken: formTokenFor(request, reply),
        // After a move of the clock, its form's redirect reports what the move did.
        clockMove: clockMoveFromQuery(request.query as Record<string, unknown>),
      });
      // Its Content-Security-Policy comes from securityHeaders.ts, with every other header.
      return reply.type('text/html; charset=utf-8').send(html);
    },
  );
}

function outboxPage(
  mails: StoredMail[],
  to: string | undefined,
  locale: Locale,
  clock: SandboxClock,
  db: Db,
  forms: { formToken: string; clockMove?: ClockMove },
): string {
  const t = translator(locale);
  const accounts = DEMO_ACCOUNTS.map(
    (account) =>
      `<li><a href="?to=${encodeURIComponent(account.email)}">${escapeHtml(account.email)}</a> — ${escapeHtml(demoPurpose(t, account))}</li>`,
  ).join('');
  const list = mails.length
    ? mails.map(mailArticle(t('server.outbox.to'), t('server.outbox.sent_at'))).join('')
    : `<p>${escapeHtml(t('server.outbox.empty'))}</p>`;
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t('server.outbox.title'))}</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #1d2433; }
  article { border: 1px solid #d6dbe4; border-radius: 8px; padding: 1rem; margin: 1rem 0; }
  h2 { font-size: 1.05rem; margin: 0 0 .25rem; }
  .meta { color: #5b6475; font-size: .85rem; }
  pre { white-space: pre-wrap; word-break: break-word; font: inherit; }
</style>
</head>
<body>
<h1>${escapeHtml(t('server.outbox.title'))}</h1>
${languageLinks(t, to ? `/sandbox?to=${encodeURIComponent(to)}` : '/sandbox')}
<p>${escapeHtml(t('server.outbox.intro'))}</p>
<p><a href="/api/docs">${escapeHtml(t('server.outbox.api_docs'))}</a></p>
<details><summary>${escapeHtml(t('server.outbox.demo_accounts', { password: DEMO_PASSWORD }))}</summary><ul>${accounts}</ul></details>
${clockSection(clock, t, forms.formToken, forms.clockMove)}
${bankTransferSection(db, t, forms.formToken)}
${pendingCardSection(db, t, forms.formToken)}
${pendingSalesSection(db, t, forms.formToken)}
<form method="get" action="/sandbox">
  <label>${escapeHtml(t('server.outbox.filter_label'))} <input type="email" name="to" value="${escapeHtml(to ?? '')}"></label>
  <button type="submit">${escapeHtml(t('server.outbox.filter_button'))}</button>
  <a href="/sandbox">${escapeHtml(t('server.outbox.show_all'))}</a>
</form>
${list}
</body>
</html>
`;
}

/** A demo account's purpose in the page's language (seed.ts keeps the English one). */
function demoPurpose(
  t: (key: MessageKey) => string,
  account: (typeof DEMO_ACCOUNTS)[number],
): string {
  const name = account.email.split('@')[0];
  const known = ['demo', 'agency', 'trial', 'expired', 'unverified', 'whitelist'] as const;
  const key = known.find((candidate) => candidate === name);
  return key ? t(`server.demo_accounts.${key}`) : account.purpose;
}

function mailArticle(toLabel: string, sentAtLabel: string) {
  return (mail: StoredMail) => `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<div class="meta">${escapeHtml(toLabel)}: ${escapeHtml(mail.to)} · ${escapeHtml(sentAtLabel)}: <time datetime="${escapeHtml(mail.sent_at)}">${escapeHtml(formatDateTime(mail.sent_at))}</time></div>
<pre>${linkify(mail.text, mail.links)}</pre>
</article>`;
}

/** Escapes the text and turns the mail's links (already found in it) into anchors. */
function linkify(text: string, links: readonly string[]): string {
  if (!links.length) return escapeHtml(text);
  // Longest first, so a link that starts another one does not cut it short.
  const alternatives = [...links].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = new RegExp(alternatives.join('|'), 'g');
  let html = '';
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(match[0])}">${escapeHtml(match[0])}</a>`;
    last = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
