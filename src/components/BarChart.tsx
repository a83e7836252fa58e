/**
 * A small bar chart drawn as SVG, without a chart library: one or more series by category (a
 * month, say), the bars of a category side by side, each bar's full value on hover (its <title>),
 * a legend of the series, and the figures again as a visually hidden table
 * for screen readers unless the page shows them in a table of its own.
 *
 * Bars are placed in percent of the width, so the chart fills any width while its text keeps its
 * size; when the chart is too narrow for them (a 375 px phone), container queries hide the values
 * above the bars and keep every 2nd, 3rd… category label; the hover titles and the table still
 * give them all.
 */
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';

export interface BarSeries {
  label: string;
  values: number[];
  /** The value in full, e.g. "1.250.000 ₫": hover titles and the table. */
  format?: (value: number) => string;
  /** The value written above its bar, short, e.g. "1,3 Tr ₫" (default: `format`). */
  formatShort?: (value: number) => string;
}

export interface BarChartProps {
  categories: string[];
  series: BarSeries[];
  /** The chart's accessible name; leave it out when a labelled element around it names it. */
  label?: string;
  /** Height of the drawing in pixels (the legend, if any, comes below it). */
  height?: number;
  /** Show the series' names under the chart (default: when there is more than one). */
  legend?: boolean;
  /** A hidden table repeats the figures for screen readers; leave out when the page has one. */
  table?: { caption: string; categoryHeader: string };
  /** A value axis at the left with round steps and grid lines, labelled with `formatShort`. */
  valueAxis?: boolean;
}

/** Category labels shown at most: every one, every 2nd, 3rd, 4th or 6th as the chart narrows. */
const LABEL_STEPS = [2, 3, 4, 6];
/** Rough width of a character at the labels' 11–12 px, to tell when the labels would collide. */
const CHARACTER_PX = 7;
const VALUE_LABEL_SPACE = 20;
/** Room at the sides for the first and last labels, which overflow their slots. */
const SIDE_ROOM_PX = 16;
const CATEGORY_LABEL_SPACE = 26;
/** Share of a category's slot the bars take; the rest is the gap between categories. */
const GROUP_SHARE = 0.7;

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/**
 * Round steps for a value axis from 0 to at least `largest`: about `count` steps of 1, 2, 2.5 or
 * 5 times a power of ten ("0, 50 nghìn, 100 nghìn…", never "0, 37.500, 75.000…").
 */
export function axisTicks(largest: number, count = 4): number[] {
  if (!(largest > 0)) return [0, 1];
  const raw = largest / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((factor) => factor * power >= raw) ?? 10) * power;
  const steps = Math.ceil(largest / step - 1e-9);
  return Array.from({ length: steps + 1 }, (_, index) => index * step);
}

/**
 * Container queries for a chart narrower than its text needs: values hidden below `valuesFitAt`
 * pixels, and fewer category labels each time the width halves, thirds… below `labelsFitAt`.
 * Narrower queries come later, so they win.
 */
function narrowChartStyles(labelsFitAt: number, valuesFitAt: number) {
  const styles: Record<string, Record<string, { display: string }>> = {};
  const below = (width: number, rules: Record<string, { display: string }>) => {
    const query = `@container (max-width: ${Math.ceil(width + 2 * SIDE_ROOM_PX)}px)`;
    styles[query] = { ...styles[query], ...rules };
  };
  below(valuesFitAt, { '& .bar-chart-value': { display: 'none' } });
  LABEL_STEPS.forEach((step, index) =>
    below(labelsFitAt / (LABEL_STEPS[index - 1] ?? 1), {
      '& .bar-chart-category': { display: 'none' },
      [`& .bar-chart-category-every-${step}`]: { display: 'inline' },
    }),
  );
  return styles;
}

export function BarChart({
  categories,
  series,
  label,
  height = 240,
  legend = series.length > 1,
  table,
  valueAxis = false,
}: BarChartProps) {
  const theme = useTheme();
  const titleId = useId();
  // Dark enough for 3:1 against the card (WCAG 1.4.11), and told apart by hue.
  const colours = [
    theme.palette.primary.main,
    theme.palette.warning.main,
    theme.palette.success.dark,
  ];
  const colourOf = (index: number) => colours[index % colours.length];
  const highest = Math.max(1, ...series.flatMap((one) => one.values));
  const ticks = valueAxis ? axisTicks(highest) : [];
  // With an axis, bars are measured against its top step, so they read against its lines.
  const largest = ticks[ticks.length - 1] ?? highest;
  const plotHeight = height - VALUE_LABEL_SPACE - CATEGORY_LABEL_SPACE;
  const baseline = VALUE_LABEL_SPACE + plotHeight;
  const tickY = (value: number) => baseline - (value / largest) * plotHeight;
  const slot = 100 / Math.max(1, categories.length);
  const barWidth = (slot * GROUP_SHARE) / Math.max(1, series.length);
  const full = (one: BarSeries, value: number) => (one.format ?? String)(value);
  const short = (one: BarSeries, value: number) => (one.formatShort ?? one.format ?? String)(value);
  const widest = (texts: string[]) => Math.max(0, ...texts.map((text) => text.length));
  const axisSeries = series[0];
  const tickLabels = axisSeries ? ticks.map((tick) => short(axisSeries, tick)) : [];
  const axisWidth = valueAxis ? widest(tickLabels) * CHARACTER_PX + 8 : 0;
  const labelsFitAt = categories.length * (widest(categories) * CHARACTER_PX + 8);
  const valuesFitAt =
    categories.length *
    series.length *
    (widest(series.flatMap((one) => one.values.map((value) => short(one, value)))) * CHARACTER_PX);

  return (
    <Box
      sx={{
        containerType: 'inline-size',
        width: '100%',
        ...narrowChartStyles(labelsFitAt + axisWidth, valuesFitAt + axisWidth),
      }}
    >
      <Box sx={{ px: `${SIDE_ROOM_PX}px`, display: 'flex' }}>
        {valueAxis ? (
          <ValueAxis
            width={axisWidth}
            height={height}
            ticks={ticks}
            labels={tickLabels}
            y={tickY}
            className="bar-chart-axis"
          />
        ) : null}
        <svg
          width="100%"
          height={height}
          focusable="false"
          {...(label ? { role: 'img', 'aria-labelledby': titleId } : { 'aria-hidden': true })}
          style={{ display: 'block', overflow: 'visible', flex: '1 1 0', minWidth: 0 }}
        >
          {label ? <title id={titleId}>{label}</title> : null}
          {ticks.slice(1).map((tick) => (
            <line
              key={tick}
              className="bar-chart-grid"
              x1="0"
              x2="100%"
              y1={tickY(tick)}
              y2={tickY(tick)}
              stroke={theme.palette.divider}
              strokeWidth={1}
            />
          ))}
          <line
            x1="0"
            x2="100%"
            y1={baseline}
            y2={baseline}
            stroke={theme.palette.text.secondary}
            strokeWidth={1}
          />
          {categories.map((category, index) => {
            const slotStart = slot * index + (slot * (1 - GROUP_SHARE)) / 2;
            return (
              <g key={category}>
                {series.map((one, seriesIndex) => {
                  const value = one.values[index] ?? 0;
                  const barHeight = (Math.max(0, value) / largest) * plotHeight;
                  const x = slotStart + barWidth * seriesIndex;
                  return (
                    <g key={one.label}>
                      <rect
                        x={`${x}%`}
                        width={`${barWidth}%`}
                        y={baseline - barHeight}
                        height={barHeight}
                        fill={colourOf(seriesIndex)}
                      >
                        <title>{`${category} · ${one.label}: ${full(one, value)}`}</title>
                      </rect>
                      {value > 0 ? (
                        <text
                          className="bar-chart-value"
                          x={`${x + barWidth / 2}%`}
                          y={baseline - barHeight - 5}
                          textAnchor="middle"
                          fontSize={11}
                          fill={theme.palette.text.secondary}
                        >
                          {short(one, value)}
                        </text>
                      ) : null}
                    </g>
                  );
                })}
                <text
                  className={[
                    'bar-chart-category',
                    ...LABEL_STEPS.filter((step) => index % step === 0).map(
                      (step) => `bar-chart-category-every-${step}`,
                    ),
                  ].join(' ')}
                  x={`${slot * index + slot / 2}%`}
                  y={baseline + 17}
                  textAnchor="middle"
                  fontSize={12}
                  fill={theme.palette.text.secondary}
                >
                  {category}
                </text>
              </g>
            );
          })}
        </svg>
      </Box>
      {legend ? (
        <Box
          component="ul"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', m: 0, mt: 1, p: 0 }}
        >
          {series.map((one, seriesIndex) => (
            <Box
              component="li"
              key={one.label}
              sx={{ display: 'flex', alignItems: 'center', gap: 0.75, typography: 'body2' }}
            >
              <Box
                component="span"
                sx={{ width: 12, height: 12, borderRadius: '2px', bgcolor: colourOf(seriesIndex) }}
              />
              {one.label}
            </Box>
          ))}
        </Box>
      ) : null}
      {table ? (
        <Box component="table" sx={VISUALLY_HIDDEN}>
          <caption>{table.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{table.categoryHeader}</th>
              {series.map((one) => (
                <th scope="col" key={one.label}>
                  {one.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {categories.map((category, index) => (
              <tr key={category}>
                <th scope="row">{category}</th>
                {series.map((one) => (
                  <td key={one.label}>{full(one, one.values[index] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </Box>
      ) : null}
    </Box>
  );
}

/** The value axis beside a chart: a label at each tick's height, right-aligned to the plot. */
export function ValueAxis(props: {
  width: number;
  height: number;
  ticks: readonly number[];
  labels: readonly string[];
  /** Where a value sits, from the top. */
  y: (value: number) => number;
  className?: string;
}) {
  const theme = useTheme();
  return (
    <svg
      width={props.width}
      height={props.height}
      aria-hidden
      focusable="false"
      className={props.className}
      style={{ display: 'block', flex: 'none', overflow: 'visible' }}
    >
      {props.ticks.map((tick, index) => (
        <text
          key={tick}
          x={props.width - 6}
          y={props.y(tick) + 4}
          textAnchor="end"
          fontSize={11}
          fill={theme.palette.text.secondary}
        >
          {props.labels[index]}
        </text>
      ))}
    </svg>
  );
}
