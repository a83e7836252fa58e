import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo@12345';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  links: string[];
  sent_at: string;
}

let counter = 0;
/** A new address per test, so parallel tests never share an account. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now()}-${process.pid}-${counter}@example.vn`;
}

export async function readOutbox(request: APIRequestContext, to: string): Promise<Mail[]> {
  const answer = await request.get(`/sandbox/outbox?to=${encodeURIComponent(to)}`);
  expect(answer.ok()).toBe(true);
  return answer.json();
}

/** Waits until the outbox holds `count` mails for the address and returns the newest link matching. */
export async function linkFromMail(
  request: APIRequestContext,
  to: string,
  pathPart: string,
  count = 1,
): Promise<string> {
  await expect
    .poll(async () => (await readOutbox(request, to)).length)
    .toBeGreaterThanOrEqual(count);
  const [newest] = await readOutbox(request, to);
  const link = newest?.links.find((candidate) => candidate.includes(pathPart));
  expect(link, `a ${pathPart} link in the newest mail to ${to}`).toBeTruthy();
  return link as string;
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/idc/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mật khẩu').fill(password);
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
}
