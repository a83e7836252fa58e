import { describe, expect, it } from 'vitest';

import { isOverdue } from './invoices';

const NOW = new Date('2025-03-26T05:00:00.000Z');

describe('isOverdue', () => {
  it('holds for an open invoice past its due date only', () => {
    expect(isOverdue({ status: 'open', due_date: '2025-03-26T04:59:59.000Z' }, NOW)).toBe(true);
    expect(isOverdue({ status: 'open', due_date: '2025-03-27T00:00:00.000Z' }, NOW)).toBe(false);
    expect(isOverdue({ status: 'paid', due_date: '2025-03-01T00:00:00.000Z' }, NOW)).toBe(false);
    expect(isOverdue({ status: 'cancelled', due_date: '2025-03-01T00:00:00.000Z' }, NOW)).toBe(
      false,
    );
  });
});
