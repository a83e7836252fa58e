// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { formatVnd } from '../../../src/domain/money';
import { pinDateInEachTest } from '../../support/pinnedDate';
import { sandboxPerTest } from '../../support/sandbox';
import { api, renderPortal, signInAs } from './portalHarness';

/** 23-11-2026, 10:00 in Vietnam. */
const NOW = new Date('2026-11-23T03:00:00.000Z');

pinDateInEachTest(NOW);

const sandbox = sandboxPerTest();

interface Plan {
  id: number;
  name: string;
  price: number;
  monthly_price: number;
}

describe('the plans page', () => {
  it('shows each server plan with its monthly price and the first payment of the chosen interval, as the create form charges it', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const quarterly = await api<{ items: Plan[] }>(
      sandbox(),
      token,
      'GET',
      '/billing/plans?product_category=server&interval_count=3',
    );
    const basic = quarterly.body.items.find((plan) => plan.name === 'VPS Basic') as Plan;
    renderPortal('/cloud-server/plans');
    const user = userEvent.setup();

    const card = await screen.findByRole('article', { name: 'VPS Basic' });
    expect(within(card).getByText('2 CPU')).toBeVisible();
    expect(within(card).getByText('4 GB RAM')).toBeVisible();
    expect(within(card).getByText('40 GB SSD')).toBeVisible();
    expect(within(card).getByText(`${formatVnd(basic.monthly_price)}/tháng`)).toBeVisible();

    await user.click(screen.getByRole('button', { name: '3 tháng' }));
    const note = within(card).getByTestId('first-payment');
    await waitFor(() =>
      expect(note).toHaveTextContent(
        /^Thanh toán lần đầu [\d.]+ ₫: từ hôm nay 23-11-2026 đến hết 31-01-2027 \(phần còn lại của tháng này \+ 2 tháng\) — sau đó 630\.000 ₫\/tháng$/,
      ),
    );
    const firstPayment = /lần đầu ([\d.]+ ₫)/.exec(note.textContent ?? '')?.[1];

    await user.click(within(card).getByRole('link', { name: 'Chọn gói VPS Basic' }));
    expect(
      await screen.findByRole('heading', { name: 'Tạo máy chủ – gói VPS Basic' }),
    ).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent(
      `/cloud-server/plan/${basic.id}?interval=3`,
    );
    // The card said what the checkout asks.
    expect(await screen.findByTestId('price-total')).toHaveTextContent(firstPayment as string);
    expect(screen.getByTestId('first-payment')).toHaveTextContent(note.textContent as string);
    // No line of the checkout reads as a monthly price: each is prorated, its monthly one beside it.
    expect(screen.getByText('180.000 ₫/tháng, tính theo số giờ còn lại của tháng')).toBeVisible();
  });
});
