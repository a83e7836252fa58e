// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { formatVnd } from '../../../src/domain/money';
import { sandboxPerTest } from '../../support/sandbox';
import { api, renderPortal, signInAs } from './portalHarness';

const sandbox = sandboxPerTest();

interface Plan {
  id: number;
  name: string;
  price: number;
  monthly_price: number;
}

describe('the plans page', () => {
  it('shows each server plan with its monthly price and the price of the chosen interval, leading to the create form', async () => {
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
    await waitFor(() =>
      expect(within(card).getByText(`${formatVnd(basic.price)} cho 3 tháng`)).toBeVisible(),
    );

    await user.click(within(card).getByRole('link', { name: 'Chọn gói VPS Basic' }));
    expect(
      await screen.findByRole('heading', { name: 'Tạo máy chủ – gói VPS Basic' }),
    ).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent(
      `/cloud-server/plan/${basic.id}?interval=3`,
    );
  });
});
