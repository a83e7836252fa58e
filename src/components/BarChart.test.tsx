// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { compactVnd, formatVnd } from '../domain/money';
import { axisTicks, BarChart } from './BarChart';

afterEach(cleanup);

const MONTHS = ['01/2026', '02/2026', '03/2026'];
const SPENDING = {
  label: 'Số tiền',
  values: [500_000, 0, 1_000_000],
  format: formatVnd,
  formatShort: (value: number) => compactVnd(value, 'vi'),
};

const bars = (container: HTMLElement) => [...container.querySelectorAll('rect')];

describe('the bar chart', () => {
  it('draws a bar per month, as tall as its share of the largest, titled with its value', () => {
    const { container } = render(
      <BarChart categories={MONTHS} series={[SPENDING]} height={240} label="Chi tiêu" />,
    );
    const drawn = bars(container);
    expect(drawn).toHaveLength(3);
    const heights = drawn.map((bar) => Number(bar.getAttribute('height')));
    expect(heights[2]).toBeGreaterThan(0);
    expect(heights[0]).toBeCloseTo(heights[2]! / 2);
    expect(heights[1]).toBe(0);
    expect(drawn[2]?.querySelector('title')).toHaveTextContent(
      `03/2026 · Số tiền: ${formatVnd(1_000_000)}`,
    );
    for (const month of MONTHS) expect(within(container).getByText(month)).toBeInTheDocument();
    // The short value above a bar; none above an empty month.
    expect(
      [...container.querySelectorAll('.bar-chart-value')].map((text) => text.textContent),
    ).toEqual([compactVnd(500_000, 'vi'), compactVnd(1_000_000, 'vi')]);
  });

  it('is one named image for screen readers, or hidden when the page around it names it', () => {
    const { container, rerender } = render(
      <BarChart categories={MONTHS} series={[SPENDING]} label="Chi tiêu theo tháng" />,
    );
    expect(screen.getByRole('img', { name: 'Chi tiêu theo tháng' })).toBe(
      container.querySelector('svg'),
    );
    rerender(<BarChart categories={MONTHS} series={[SPENDING]} />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('repeats the figures in a table for screen readers when asked', () => {
    render(
      <BarChart
        categories={MONTHS}
        series={[SPENDING]}
        table={{ caption: 'Chi tiêu theo tháng', categoryHeader: 'Tháng' }}
      />,
    );
    const table = screen.getByRole('table', { name: 'Chi tiêu theo tháng' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'ThángSố tiền',
      `01/2026${formatVnd(500_000)}`,
      `02/2026${formatVnd(0)}`,
      `03/2026${formatVnd(1_000_000)}`,
    ]);
  });

  it('groups the bars of several series by month and names the series in a legend', () => {
    const { container } = render(
      <BarChart
        categories={MONTHS}
        series={[
          { label: 'Tài khoản mới', values: [1, 0, 2] },
          { label: 'Máy chủ đang có', values: [3, 3, 4] },
        ]}
      />,
    );
    expect(bars(container)).toHaveLength(6);
    const legend = screen.getByRole('list');
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Tài khoản mới', 'Máy chủ đang có']);
    const fills = new Set(bars(container).map((bar) => bar.getAttribute('fill')));
    expect(fills.size).toBe(2);
  });
});

describe('the value axis', () => {
  it('steps in round amounts from 0 past the largest value', () => {
    expect(axisTicks(41_000)).toEqual([0, 20_000, 40_000, 60_000]);
    expect(axisTicks(80_000)).toEqual([0, 20_000, 40_000, 60_000, 80_000]);
    expect(axisTicks(2_400_000)).toEqual([0, 1_000_000, 2_000_000, 3_000_000]);
    expect(axisTicks(900_000)).toEqual([0, 250_000, 500_000, 750_000, 1_000_000]);
    expect(axisTicks(0)).toEqual([0, 1]);
  });

  it('labels its steps with the short amounts and draws the bars against its top step', () => {
    const { container } = render(
      <BarChart categories={MONTHS} series={[SPENDING]} height={240} valueAxis />,
    );
    const axis = container.querySelector('.bar-chart-axis');
    expect([...(axis?.querySelectorAll('text') ?? [])].map((text) => text.textContent)).toEqual(
      [0, 250_000, 500_000, 750_000, 1_000_000].map((tick) => compactVnd(tick, 'vi')),
    );
    expect(container.querySelectorAll('.bar-chart-grid')).toHaveLength(4);
  });

  it('is left out unless asked for', () => {
    const { container } = render(<BarChart categories={MONTHS} series={[SPENDING]} />);
    expect(container.querySelector('.bar-chart-axis')).toBeNull();
  });
});
