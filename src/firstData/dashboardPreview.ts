/**
 * The dashboard's picture (picture.ts): the welcome, the balance, the unpaid amount and the
 * servers' count (MoneyCard, ServersCard), then the twelve months' spending as the spending card
 * writes its total and draws its bars (SpendingCard.tsx, monthLabel.ts).
 */
import type { components } from '../api/schema';
import {
  fill,
  message,
  vnd,
  type MessageTree,
  type PictureContent,
  type SignedInUser,
} from './picture';

type Summary = components['schemas']['DashboardSummary'];

/** As monthLabel.ts: `YYYY-MM` → `MM/YYYY`. */
export function pictureMonth(month: string): string {
  const [year, number] = month.split('-');
  return `${number}/${year}`;
}

/** As DashboardPage's heading: the welcome by name (layout/usePortalIdentity displayName). */
export function welcome(user: SignedInUser, messages: MessageTree): string {
  return fill(message(messages, 'dashboard.welcome'), {
    name: user.fullname?.trim() || user.email,
  });
}

export function dashboardContent(
  user: SignedInUser,
  summary: Summary,
  messages: MessageTree,
): PictureContent {
  const spent = summary.spending.reduce((sum, month) => sum + month.amount, 0);
  const tallest = Math.max(...summary.spending.map((month) => month.amount), 0);
  return {
    title: welcome(user, messages),
    figures: [
      { label: message(messages, 'dashboard.money.balance'), value: vnd(summary.balance) },
      { label: message(messages, 'dashboard.money.unpaid'), value: vnd(summary.unpaid_amount) },
      { label: message(messages, 'dashboard.servers.title'), value: String(summary.servers.total) },
      ...(spent > 0
        ? [
            {
              label: message(messages, 'dashboard.spending.title'),
              value: fill(message(messages, 'dashboard.spending.total'), { amount: vnd(spent) }),
            },
          ]
        : []),
    ],
    // No spending: the portal's card says so, with its link; the picture draws no empty chart.
    bars:
      spent > 0
        ? summary.spending.map((month) => ({
            share: month.amount / tallest,
            label: pictureMonth(month.month),
          }))
        : undefined,
  };
}
