/**
 * The accessibility check every screen goes through (`axeViolations`, support.ts) runs axe in the
 * page itself, injected once per document. It must still see what @axe-core/playwright's default
 * path sees, and see it again after the page changed without a reload.
 */
import AxeBuilder from '@axe-core/playwright';
import axeCore from 'axe-core';

import { axeViolations, expect, test } from './support';

test('the accessibility check finds what axe finds, again after the page changed', async ({
  page,
}) => {
  await page.goto('/idc/login');
  await expect(page.getByLabel('Email')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // A button without a name and an image without a text, as a careless change would add them.
  await page.evaluate(() => {
    const main = document.querySelector('main') as HTMLElement;
    const button = document.createElement('button');
    button.id = 'unnamed-button';
    const image = document.createElement('img');
    image.id = 'image-without-text';
    image.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
    main.append(button, image);
  });

  const found = await axeViolations(page);
  expect(found).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^button-name: .*#unnamed-button/),
      expect.stringMatching(/^image-alt: .*#image-without-text/),
    ]),
  );
  const { violations } = await new AxeBuilder({ page, axeSource: axeCore.source }).analyze();
  expect(found).toEqual(
    violations.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  );

  await page.evaluate(() => {
    document.getElementById('unnamed-button')?.remove();
    document.getElementById('image-without-text')?.remove();
  });
  expect(await axeViolations(page)).toEqual([]);
});
