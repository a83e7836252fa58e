/**
 * The sandbox clock's buttons on /sandbox, in Chromium. The page sends no referrer, so Chromium
 * posts its forms with `Origin: null`; the form token (server/sandbox/sandboxForms.ts) is what
 * lets the move through. Runs in the `clock` project, on a sandbox of its own (playwright.config.ts): the
 * sandbox every other spec shares must never have its clock moved.
 */
import { expect, test } from './support';

const DAY_MS = 24 * 60 * 60 * 1000;

test('"+1 ngày" on /sandbox moves the clock a day and shows what the move did', async ({
  page,
}) => {
  await page.goto('/sandbox');
  const clock = page.getByRole('region', { name: 'Đồng hồ sandbox' });
  const before = Date.parse((await clock.locator('time').getAttribute('datetime')) ?? '');
  expect(before).not.toBeNaN();

  const posted = page.waitForResponse((answer) => answer.url().endsWith('/sandbox/clock/advance'));
  await clock.getByRole('button', { name: '+1 ngày' }).click();
  const answer = await posted;
  expect(answer.status()).toBe(303);
  expect((await answer.request().allHeaders()).origin).toBe('null');

  // Back on the page: the new time, and the move's report.
  await expect(page).toHaveURL(/\/sandbox\?moved=day/);
  await expect(page.getByRole('heading', { name: 'Biểu mẫu bị từ chối' })).toHaveCount(0);
  await expect(clock.getByRole('status')).toContainText('Lần dời này (+1 ngày):');
  const after = Date.parse((await clock.locator('time').getAttribute('datetime')) ?? '');
  // A day on, plus the real time the test took.
  expect(after - before).toBeGreaterThanOrEqual(DAY_MS);
  expect(after - before).toBeLessThan(DAY_MS + 5 * 60_000);
});
