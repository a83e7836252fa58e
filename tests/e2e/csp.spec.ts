import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support';

const PUBLIC_PAGES = [
  '/idc/login',
  '/idc/register',
  '/idc/forgot',
  '/idc/password_resets?token=x',
  '/idc/confirm?token=x',
  '/idc/500',
  '/idc/no-such-page',
];

/** Every CSP violation the page reports, from the DOM event and from the console alike. */
async function collectViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (violation: string) => {
    violations.push(violation);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void })
        .reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI} on ${location.pathname}`);
    });
  });
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  return violations;
}

async function visit(page: Page, url: string) {
  const response = await page.goto(url);
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy, url).toContain("script-src 'self'");
  expect(policy, url).toContain("frame-ancestors 'none'");
  expect(policy, url).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
  // The phone input's flags are the portal's own files: images come from no other site.
  expect(policy, url).toMatch(/img-src 'self' data:(;|$)/);
  await page.waitForLoadState('networkidle');
}

test('no public page breaks the Content-Security-Policy', async ({ page }) => {
  const violations = await collectViolations(page);
  for (const url of PUBLIC_PAGES) await visit(page, url);
  // The portal's scripts did run under the policy.
  await visit(page, '/idc/login');
  await expect(page.getByLabel('Email')).toBeVisible();
  expect(violations).toEqual([]);
});

test('the signed-in portal runs under the Content-Security-Policy', async ({ page }) => {
  const violations = await collectViolations(page);
  await visit(page, '/idc/login');
  await signIn(page, 'demo@example.vn');
  await expect(page).toHaveURL(/\/idc\/dashboard$/);
  await visit(page, '/idc/dashboard');
  await expect(page.getByRole('heading', { name: 'Xin chào, Nguyễn Văn Demo' })).toBeVisible();
  await visit(page, '/idc/cloud-server');
  await expect(page.getByRole('link', { name: 'Cloud VPS' })).toBeVisible();
  expect(violations).toEqual([]);
});
