import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en';
import { translateWith } from '../../i18n/interpolate';
import { vi } from '../../i18n/vi';
import { adjustmentText } from './ledgerText';

const english = (key: string, params?: Record<string, unknown>) =>
  translateWith(en, vi, key, params);
const vietnamese = (key: string, params?: Record<string, unknown>) =>
  translateWith(vi, en, key, params);

describe('adjustmentText', () => {
  it('renders the stored key in the reader’s language, nested keys included', () => {
    const renewal = {
      description: 'Gia hạn máy chủ web-01 đến hết 30-04-2025, hoá đơn INV-2025-000003',
      description_key: 'ledger.renewal_payment',
      description_params: {
        kind: { key: 'ledger.resource_kind.server' },
        name: 'web-01',
        end: '30-04-2025',
        invoice: 'INV-2025-000003',
      },
    };

    expect(adjustmentText(renewal, english)).toBe(
      'Renewal of server web-01 through 30-04-2025, invoice INV-2025-000003',
    );
    expect(adjustmentText(renewal, vietnamese)).toBe(renewal.description);
  });

  it('shows a row written before keys as its stored text', () => {
    const legacy = {
      description: 'Nạp tiền (cũ)',
      description_key: 'ledger.legacy',
      description_params: { text: 'Nạp tiền (cũ)' },
    };
    expect(adjustmentText(legacy, english)).toBe('Nạp tiền (cũ)');
  });
});
