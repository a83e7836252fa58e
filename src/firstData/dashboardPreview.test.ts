// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';

import type { components } from '../api/schema';
import { formatVnd } from '../domain/money';
import { en } from '../i18n/en';
import { createI18nProvider } from '../i18n/i18nProvider';
import { FIRST_DATA_MESSAGE_AREAS, pickMessages } from '../i18n/messageSlices';
import { vi as vietnamese } from '../i18n/vi';
import { displayName } from '../layout/usePortalIdentity';
import { monthLabel } from '../pages/dashboard/monthLabel';
import { dashboardContent, pictureMonth, welcome } from './dashboardPreview';
import { drawPicture, type SignedInUser } from './picture';
import { FIRST_DATA_BAR_SELECTOR } from './pictureMarks';

type Summary = components['schemas']['DashboardSummary'];

const months = Array.from({ length: 12 }, (_, index) => ({
  month: `2026-${String(index + 1).padStart(2, '0')}`,
  amount: index === 11 ? 400_000 : index === 5 ? 100_000 : 0,
}));
const summary = {
  balance: 4_829_000,
  unpaid_amount: 80_000,
  servers: { total: 3 },
  spending: months,
} as Summary;
const user = { fullname: 'Lê Xem Nhanh', email: 'le@example.vn' } as SignedInUser;

describe("the dashboard's first-data picture", () => {
  it.each([
    ['vi', vietnamese],
    ['en', en],
  ] as const)(
    'writes the welcome, figures and total as the dashboard does (%s)',
    (locale, messages) => {
      const { translate } = createI18nProvider(locale, messages, async () => undefined);
      const content = dashboardContent(
        user,
        summary,
        pickMessages(messages, FIRST_DATA_MESSAGE_AREAS),
      );
      expect(content.title).toBe(
        translate('dashboard.welcome', {
          name: displayName(user as Parameters<typeof displayName>[0]),
        }),
      );
      expect(content.figures).toEqual([
        { label: translate('dashboard.money.balance'), value: formatVnd(summary.balance) },
        { label: translate('dashboard.money.unpaid'), value: formatVnd(summary.unpaid_amount) },
        { label: translate('dashboard.servers.title'), value: '3' },
        {
          label: translate('dashboard.spending.title'),
          value: translate('dashboard.spending.total', { amount: formatVnd(500_000) }),
        },
      ]);
    },
  );

  it('draws the twelve months, the tallest full height, labelled as the chart labels them', () => {
    const content = dashboardContent(user, summary, pickMessages(en, FIRST_DATA_MESSAGE_AREAS));
    expect(content.bars?.map((bar) => bar.label)).toEqual(
      months.map((month) => monthLabel(month.month)),
    );
    expect(content.bars?.[11]?.share).toBe(1);
    expect(content.bars?.[5]?.share).toBe(0.25);
    const picture = drawPicture(document, content);
    expect(picture.querySelectorAll('.fd-bars > div')).toHaveLength(12);
    expect(FIRST_DATA_BAR_SELECTOR).toContain('.fd-bars > div');
  });

  it('draws no chart when nothing was spent: the card says so with its link', () => {
    const content = dashboardContent(
      user,
      { ...summary, spending: months.map((month) => ({ ...month, amount: 0 })) },
      pickMessages(vietnamese, FIRST_DATA_MESSAGE_AREAS),
    );
    expect(content.bars).toBeUndefined();
    expect(content.figures).toHaveLength(3);
  });

  it('welcomes a customer without a name by their e-mail, as the heading does', () => {
    const nameless = { ...user, fullname: '  ' };
    expect(welcome(nameless, pickMessages(vietnamese, FIRST_DATA_MESSAGE_AREAS))).toBe(
      'Xin chào, le@example.vn',
    );
    expect(pictureMonth('2027-01')).toBe(monthLabel('2027-01'));
  });
});
