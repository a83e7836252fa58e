import { describe, expect, it } from 'vitest';

import { en } from '../i18n/en';
import { translateWith } from '../i18n/interpolate';
import { vi } from '../i18n/vi';
import { invoiceSummary } from './invoiceSummary';

const readIn = (messages: typeof en | typeof vi) => (key: string, params?: object) =>
  translateWith(messages, messages, key, params as Record<string, unknown>);

describe('invoiceSummary', () => {
  const renewal = {
    description: 'vps-01: gia hạn 1 tháng (01-12-2026 – 31-12-2026)',
    summary: {
      key: 'invoice_document.line.renewal',
      params: { name: 'vps-01', months: 1, period: '01-12-2026 – 31-12-2026' },
    },
  };

  it('words the invoice in the reader’s language from its message text', () => {
    expect(invoiceSummary(renewal, readIn(en))).toBe(
      'vps-01: 1-month renewal (01-12-2026 – 31-12-2026)',
    );
    expect(invoiceSummary(renewal, readIn(vi))).toBe(renewal.description);
  });

  it('falls back to the Vietnamese description where the API sends no summary', () => {
    expect(invoiceSummary({ description: renewal.description }, readIn(en))).toBe(
      renewal.description,
    );
  });
});
