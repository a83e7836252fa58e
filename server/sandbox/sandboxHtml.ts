/**
 * What the sandbox's own pages (outside /api/v1 and the contract) share: the language a page is
 * shown in, escaping, and the page around a gateway's content or a form's answer.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '../../src/domain/constants';
import { localeFromHeader } from '../platform/i18n';

/** The cookie that keeps the language a sandbox page was opened in for the pages after it. */
export const LANG_COOKIE = 'sandbox_lang';

/** A language named the ways links name it: `vi`, `en`, OnePay's `vn`, PayPal's `vi_VN`/`en_US`. */
export function localeNamed(name: string | undefined): Locale | undefined {
  const lower = name?.trim().toLowerCase();
  if (!lower) return undefined;
  if (lower === 'en' || lower.startsWith('en_') || lower.startsWith('en-')) return 'en';
  if (lower === 'vi' || lower === 'vn' || lower.startsWith('vi_') || lower.startsWith('vi-')) {
    return 'vi';
  }
  return undefined;
}

/**
 * The language of a sandbox page: the one its link names (the portal's gateway links carry the
 * portal session's language: OnePay's `vpc_Locale`, PayPal's `locale.x`, or `lang`), which is
 * then remembered in a cookie for the sandbox's next pages; else the remembered one; else the
 * browser's Accept-Language.
 */
export function sandboxLocale(
  request: FastifyRequest,
  reply?: FastifyReply,
  named?: string,
): Locale {
  const chosen = localeNamed(named);
  if (chosen) {
    reply?.header('set-cookie', `${LANG_COOKIE}=${chosen}; Path=/sandbox; SameSite=Lax`);
    return chosen;
  }
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LANG_COOKIE) {
      const remembered = localeNamed(value);
      if (remembered) return remembered;
    }
  }
  return localeFromHeader(request.headers['accept-language']);
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * Answers a sandbox form with a page: what happened (a status when it worked, an alert otherwise,
 * unless `role` says) and the link back (to /sandbox unless `href` says).
 */
export function sendFormAnswer(
  reply: FastifyReply,
  status: number,
  locale: string,
  title: string,
  answer: { text: string; back: string; href?: string; role?: 'status' | 'alert' },
) {
  const role = answer.role ?? (status === 200 ? 'status' : 'alert');
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(
      gatewayShell(
        locale,
        title,
        `<p role="${role}">${escapeHtml(answer.text)}</p>
<p><a href="${escapeHtml(answer.href ?? '/sandbox')}">${escapeHtml(answer.back)}</a></p>`,
      ),
    );
}

/** The page around a gateway's content: the sandbox's own look, the language of the visitor. */
export function gatewayShell(locale: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="${locale === 'en' ? 'en' : 'vi'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 40rem; padding: 0 1rem; color: #1d2433; }
  dt { color: #5b6475; font-size: .85rem; } dd { margin: 0 0 .5rem; }
  button { margin: .25rem .5rem .25rem 0; padding: .5rem 1rem; }
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
${body}
</body>
</html>
`;
}
