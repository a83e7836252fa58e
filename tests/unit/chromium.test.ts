import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

import {
  ADDRESS_BAR_POPUPS,
  CHROMIUM_ARGS,
  JOURNEY_CHROMIUM_ARGS,
  PLAYWRIGHT_DISABLED_FEATURES,
} from '../../scripts/chromium';

/** The features playwright-core's launcher turns off (its `disabledFeatures` list). */
function playwrightsDisabledFeatures(): string[] {
  const require = createRequire(import.meta.url);
  const bundle = readFileSync(
    join(dirname(require.resolve('playwright-core/package.json')), 'lib/coreBundle.js'),
    'utf8',
  );
  const list = /disabledFeatures = \[([^\]]*)\]/.exec(bundle)?.[1];
  if (list === undefined) throw new Error("playwright-core's disabledFeatures list moved");
  const withoutComments = list.replace(/\/\/.*$/gm, '');
  return [...withoutComments.matchAll(/"([^"]+)"/g)].map((match) => match[1] ?? '');
}

describe("the e2e runs' Chromium switches", () => {
  it('keep every feature Playwright turns off, since Chromium reads only the last --disable-features', () => {
    const playwrights = playwrightsDisabledFeatures();
    expect(playwrights.length).toBeGreaterThan(5);
    expect(PLAYWRIGHT_DISABLED_FEATURES).toEqual(expect.arrayContaining(playwrights));
  });

  it('give one --disable-features, with the address bar pop-ups in it', () => {
    const switches = CHROMIUM_ARGS.filter((arg) => arg.startsWith('--disable-features='));
    expect(switches).toHaveLength(1);
    const features = switches[0]?.slice('--disable-features='.length).split(',');
    expect(features).toEqual(
      expect.arrayContaining([...PLAYWRIGHT_DISABLED_FEATURES, ...ADDRESS_BAR_POPUPS]),
    );
  });

  it('include the switches the machine requires', () => {
    expect(CHROMIUM_ARGS).toEqual(
      expect.arrayContaining([
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ]),
    );
  });

  it("cap V8's tiers in the journeys only: the bench measures V8 as customers' browsers run it", () => {
    expect(JOURNEY_CHROMIUM_ARGS).toEqual([...CHROMIUM_ARGS, '--js-flags=--max-opt=2']);
    expect(CHROMIUM_ARGS.filter((arg) => arg.startsWith('--js-flags'))).toEqual([]);
  });
});
