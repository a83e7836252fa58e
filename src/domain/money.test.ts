import { describe, expect, it } from 'vitest';

import { formatVnd, groupThousands } from './money';

describe('money is shown in dong with dots between thousands', () => {
  it.each([
    [0, '0 ₫'],
    [999, '999 ₫'],
    [1000, '1.000 ₫'],
    [1250000, '1.250.000 ₫'],
    [5000000, '5.000.000 ₫'],
    [1234567890, '1.234.567.890 ₫'],
  ])('%d → %s', (amount, shown) => {
    expect(formatVnd(amount)).toBe(shown);
  });

  it('keeps the sign of a negative adjustment', () => {
    expect(groupThousands(-1500000)).toBe('-1.500.000');
  });
});
