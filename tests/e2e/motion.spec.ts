/**
 * The portal moves as the customer's system asks (src/theme.ts): with no preference, buttons fade
 * their colour and menus slide; a customer who asked for less motion (WCAG 2.3.3) sees every
 * change at once. The other journeys run with reduced motion (playwright.config.ts), so this is
 * where the default is held too.
 */
import type { Page } from '@playwright/test';

import { expect, signIn, test } from './support';

/** The longest transition among the page's visible buttons and links, in seconds. */
async function longestTransition(page: Page): Promise<number> {
  return page.evaluate(() => {
    // Computed durations are always in seconds, one per transitioned property: "0.25s, 0.2s".
    const seconds = (value: string) => value.split(',').map(parseFloat);
    let longest = 0;
    for (const element of document.querySelectorAll('button, a')) {
      if (!(element as HTMLElement).offsetParent) continue;
      longest = Math.max(longest, ...seconds(getComputedStyle(element).transitionDuration));
    }
    return longest;
  });
}

const SETTINGS = [
  {
    reducedMotion: 'no-preference',
    what: 'buttons and links fade their colours',
    holds: (seconds: number) => expect(seconds).toBeGreaterThanOrEqual(0.15),
  },
  {
    reducedMotion: 'reduce',
    what: 'buttons and links change at once',
    holds: (seconds: number) => expect(seconds).toBeLessThan(0.001),
  },
] as const;

for (const { reducedMotion, what, holds } of SETTINGS) {
  test.describe(`with reducedMotion: ${reducedMotion}`, () => {
    test.use({ reducedMotion });

    test(what, async ({ page }) => {
      await signIn(page, 'demo@example.vn');
      await expect(page).toHaveURL(/\/idc\/dashboard$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      holds(await longestTransition(page));
    });
  });
}
