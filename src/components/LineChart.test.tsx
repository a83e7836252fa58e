import { describe, expect, it } from 'vitest';

import { linePath } from './LineChart';

const y = (value: number) => 100 - value;

describe('linePath', () => {
  it('draws one line through the points, across the 1000-wide box', () => {
    expect(linePath([0, 0.5, 1], [10, 20, 30], y)).toBe('M0.0 90.0 L500.0 80.0 L1000.0 70.0');
  });

  it('breaks the line where a value is missing', () => {
    expect(linePath([0, 0.25, 0.5, 0.75], [10, null, 20, 30], y)).toBe(
      'M-6.0 90.0 L6.0 90.0 M500.0 80.0 L750.0 70.0',
    );
  });

  it('draws a lone point as a short dash so a new server’s first figure shows', () => {
    expect(linePath([0.99], [0], y)).toBe('M984.0 100.0 L996.0 100.0');
  });

  it('draws nothing without values', () => {
    expect(linePath([], [], y)).toBe('');
  });
});
