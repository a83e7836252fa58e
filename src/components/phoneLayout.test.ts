import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { HIDDEN_ON_PHONE, MOBILE_MAX_WIDTH_PX } from './phoneLayout';

describe('phoneLayout.css', () => {
  const css = readFileSync(new URL('./phoneLayout.css', import.meta.url), 'utf8');

  it('hides HIDDEN_ON_PHONE columns at the breakpoint the portal uses everywhere else', () => {
    const rule = new RegExp(
      `@media \\(max-width: ${MOBILE_MAX_WIDTH_PX}px\\) \\{\\s*\\.${HIDDEN_ON_PHONE} \\{\\s*display: none !important;`,
    );
    expect(css).toMatch(rule);
  });
});
