import AxeBuilder from '@axe-core/playwright';
import axeCore, { type AxeResults } from 'axe-core';
import {
  test as base,
  expect,
  type APIRequestContext,
  type APIResponse,
  type Page,
  type Response,
} from '@playwright/test';
import { createServerOrder, type ServerChoice } from '../../src/domain/serverOrder';
import { SMALL_SERVER } from '../support/serverChoices';

export { expect };

const API_PATH = '/api/v1/';
const CONTRACT_MISMATCH = 'Response does not match the contract';

/**
 * Why an API answer fails the test: a 501 (an operation the sandbox does not implement), or the
 * 500 the sandbox answers in place of a reply that does not match the contract
 * (SANDBOX_VALIDATE_RESPONSES, set in playwright.config.ts).
 */
async function answerProblem(answer: Response | APIResponse): Promise<string | undefined> {
  const url = new URL(answer.url());
  if (!url.pathname.startsWith(API_PATH)) return undefined;
  const status = answer.status();
  if (status === 501) return `${url.pathname} answered 501 (not implemented)`;
  if (status !== 500) return undefined;
  const body = await answer.text().catch(() => '');
  return body.includes(CONTRACT_MISMATCH) ? `${url.pathname}: ${body}` : undefined;
}

const REQUEST_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'fetch'] as const;

/** The same request context, with every answer it gets handed to `inspect`. */
function watchedRequests(
  request: APIRequestContext,
  inspect: (answer: APIResponse) => Promise<void>,
): APIRequestContext {
  return new Proxy(request, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (!REQUEST_METHODS.includes(property as (typeof REQUEST_METHODS)[number])) return value;
      return async (...args: unknown[]) => {
        const answer = (await (value as (...a: unknown[]) => Promise<APIResponse>).apply(
          target,
          args,
        )) as APIResponse;
        await inspect(answer);
        return answer;
      };
    },
  });
}

/**
 * Playwright's `test`, watching every API answer of the test's page and `request` context: a 501
 * or a contract mismatch fails the test. Every spec imports `test` from here.
 */
export const test = base.extend<{ apiAnswersMatchContract: void }>({
  // (`provide` is Playwright's `use`, renamed so the React hooks lint does not mistake it.)
  request: async ({ request }, provide) => {
    await provide(
      watchedRequests(request, async (answer) => recordProblem(await answerProblem(answer))),
    );
  },
  apiAnswersMatchContract: [
    async ({ page }, use) => {
      const checks: Promise<void>[] = [];
      const onResponse = (answer: Response) => {
        checks.push(answerProblem(answer).then(recordProblem));
      };
      page.on('response', onResponse);
      await use();
      page.off('response', onResponse);
      await Promise.all(checks);
      const found = problems.splice(0);
      expect(found, 'API answers that break the contract').toEqual([]);
    },
    { auto: true },
  ],
});

/** Problems of the running test (one test at a time per worker). */
const problems: string[] = [];
function recordProblem(problem: string | undefined) {
  if (problem) problems.push(problem);
}

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

/** The sandbox card gateway page's buttons, in either of its languages. */
export const GATEWAY_BUTTONS = {
  approve: /^(Thanh toán thành công|Payment succeeds)$/,
  decline: /^(Ngân hàng từ chối|Bank declines)$/,
  cancel: /^(Huỷ thanh toán|Cancel payment)$/,
};

/**
 * Money on the signed-in customer's balance the way a customer puts it there: a card top-up,
 * started as the billing page's dialog starts it and approved on the sandbox gateway page.
 */
export async function topUpByCard(page: Page, amount: number): Promise<void> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const origin = new URL(page.url()).origin;
  const started = await page.request.post('/api/v1/billing/gen_payment_req_url', {
    headers: { Authorization: `Token ${token}` },
    data: { method: 'card', amount, return_url: `${origin}/idc/billing/payment` },
  });
  expect(started.status()).toBe(200);
  await page.goto((await started.json()).url);
  await page.getByRole('button', { name: GATEWAY_BUTTONS.approve }).click();
  await expect(page).toHaveURL(/\/idc\/billing\/success\?/);
}

/**
 * axe-core's accessibility violations inside `selector`, run in the page through the test
 * driver, so the page's CSP does not stop it. One line per violation: rule and elements.
 */
export async function axeViolations(page: Page, selector = 'body'): Promise<string[]> {
  // Colours are judged as drawn: a dialog still fading in is half transparent and would fail
  // the contrast rule, so running transitions and animations end first. They are finished, not
  // waited for: the journeys ask for reduced motion, under which the portal's animations last
  // 0.01 ms (src/theme.ts), yet one was still found running 15 s on (agency activity at 375 px,
  // CI of 7 Dec). An endless one cannot be finished and still times this out.
  await page.waitForFunction(() => {
    for (const animation of document.getAnimations()) {
      if (animation.playState !== 'running') continue;
      try {
        animation.finish();
      } catch {
        // Endless: reported by the check below.
      }
    }
    return document.getAnimations().every((animation) => animation.playState !== 'running');
  });
  const { violations } =
    page.frames().length === 1
      ? await axeInThePage(page, selector)
      : await new AxeBuilder({ page, axeSource: axeCore.source }).include(selector).analyze();
  return violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/**
 * axe.run in a page without frames, axe-core injected once per document. @axe-core/playwright
 * injects it afresh for every check and, to combine frames' results, opens a blank page with a
 * second copy: the same verdict for a single frame, at half the screen catalogue's axe time.
 * Both paths run the project's axe-core (4.14, which checks that a control's visible text is
 * part of its accessible name); @axe-core/playwright's own copy is older.
 */
async function axeInThePage(page: Page, selector: string): Promise<AxeResults> {
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.evaluate(axeCore.source);
  return page.evaluate(
    (include) =>
      (window as unknown as { axe: typeof axeCore }).axe.run(
        { include: [include] },
        { resultTypes: ['violations'] },
      ),
    selector,
  );
}

export interface NewCustomer {
  /** Part of the unique e-mail address, naming the spec or test that owns the account. */
  label: string;
  fullname: string;
  password: string;
}

/**
 * A customer of the test's own: registered through the API and signed in on `page` by the link
 * the confirmation mail holds (on the dashboard), so no other spec moves its balance or lists.
 * The link signs in as it confirms, as it does for a customer who opens it on another device:
 * one page load, where signing in first (held at /verify, then the link) took two.
 * tests/e2e/auth.spec.ts walks the way through /verify.
 */
export async function signInAsNewCustomer(
  page: Page,
  request: APIRequestContext,
  customer: NewCustomer,
): Promise<{ email: string; token: string }> {
  const email = uniqueEmail(customer.label);
  const registered = await request.post('/api/v1/auth/users', {
    data: {
      fullname: customer.fullname,
      password: customer.password,
      verify_password: customer.password,
      email,
      phone: '+84912345678',
      formatted_phone: '091 234 56 78',
    },
  });
  expect(registered.status()).toBe(201);
  await page.goto(await linkFromMail(request, email, '/idc/confirm?token='));
  await expect(page).toHaveURL(/\/idc\/dashboard$/);
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  return { email, token: token ?? '' };
}

/** The portal's create_server order for a small Ubuntu server in Hà Nội; override what a spec needs. */
export const serverOrder = (choice: Partial<ServerChoice> & { name: string }) =>
  createServerOrder({ ...SMALL_SERVER, ...choice });

/** Calls the API as the page's signed-in customer; answers the JSON body after checking the status. */
export async function callApi(page: Page, method: 'get' | 'post', path: string, data?: object) {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const answer = await page.request[method](`/api/v1${path}`, {
    headers: { Authorization: `Token ${token}` },
    ...(data && { data }),
  });
  expect(answer.status(), await answer.text()).toBeLessThan(300);
  return answer.json();
}

/** Orders a small server named `name` and pays it from the balance; answers the server's id. */
export async function buyServer(page: Page, name: string): Promise<number> {
  const placed = await callApi(page, 'post', '/billing/orders', serverOrder({ name }));
  const paid = await callApi(page, 'post', `/billing/orders/${placed.id}/pay`, {});
  return paid.order.resource_id as number;
}

/** Waits until the customer's server `id` has been built and runs (the sandbox builds in seconds). */
export async function waitUntilRunning(page: Page, id: number, timeout = 30_000): Promise<void> {
  await expect
    .poll(async () => (await callApi(page, 'get', `/cloud/servers/${id}`)).status, { timeout })
    .toBe('active');
}

// A copy, not an import of src/domain/pricing.ts: through vietnamTime.ts that module imports
// dayjs/plugin/utc without '.js', which Playwright's ESM loader cannot resolve, and every spec
// importing this file would then load no test.
const HOUR_MS = 3_600_000;

/**
 * The sandbox's time, from the Date header of an answer (to the second). The shared sandbox runs
 * on the real clock; the `clock` project's one has its own.
 */
export async function sandboxNow(page: Page): Promise<number> {
  const answer = await page.request.get('/api/v1/catalog/datacenters');
  return Date.parse(answer.headers()['date'] ?? '');
}

/**
 * Prices are prorated by the started hour (src/domain/pricing.ts), so an amount read on one screen
 * and checked on a later one differs when an hour begins in between. A journey that does so calls
 * this first: when the sandbox's next hour is less than `seconds` away, it waits until that hour
 * has begun (the test's time limit grows by the wait), so the journey's prices all come from one
 * hour. Otherwise it returns at once.
 */
export async function clearOfTheHourTurn(page: Page, seconds: number): Promise<void> {
  const now = await sandboxNow(page);
  if (Number.isNaN(now)) throw new Error('The sandbox answered without a Date header');
  const nextHour = Math.floor(now / HOUR_MS) * HOUR_MS + HOUR_MS;
  if (nextHour - now > seconds * 1000) return;
  const wait = nextHour - now + 5_000;
  const info = base.info();
  if (info.timeout > 0) info.setTimeout(info.timeout + wait);
  await expect
    .poll(() => sandboxNow(page), { timeout: wait, intervals: [1_000] })
    .toBeGreaterThanOrEqual(nextHour);
}
