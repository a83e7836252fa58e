/**
 * A small line chart drawn as SVG, the twin of BarChart for figures over time (a server's CPU,
 * network, disk): one or more series over a time axis, a value axis with round steps
 * (`axisTicks`) and grid lines, labels on the time axis where the caller puts them, and a legend.
 * No chart library: the lines are drawn in a stretched box (their strokes keep their width), the
 * text in boxes that keep its size, so the chart fills any width down to a 375 px phone, where
 * every other time label is dropped. The figures themselves belong in a table the page shows
 * (the chart is an image with a short description).
 */
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';

import { axisTicks, ValueAxis } from './BarChart';

export interface LineSeries {
  label: string;
  /** One value per point of the chart; null where there is none (nothing is drawn there). */
  values: (number | null)[];
}

export interface LineChartProps {
  /** Where each point lies on the time axis, from 0 (its left end) to 1 (its right end). */
  positions: number[];
  series: LineSeries[];
  /** The time axis's labels and where they go (0–1). */
  timeLabels: { position: number; text: string }[];
  /** The value axis's labels: a value written short, with its unit ("50 %", "2 Mbit/s"). */
  formatValue: (value: number) => string;
  /** The chart's accessible name: what it shows and where the figures are. */
  label: string;
  /** Height of the drawing in pixels (the legend, if any, comes below it). */
  height?: number;
  /** The highest value the axis must reach (e.g. 100 for percent); default: the data's. */
  axisMax?: number;
}

const CHARACTER_PX = 7;
const TOP_SPACE = 8;
const TIME_LABEL_SPACE = 22;
/** Below this width every other time label is dropped. */
const NARROW_PX = 480;

export function LineChart({
  positions,
  series,
  timeLabels,
  formatValue,
  label,
  height = 200,
  axisMax,
}: LineChartProps) {
  const theme = useTheme();
  const titleId = useId();
  // Dark enough for 3:1 against the card (WCAG 1.4.11), and told apart by hue and dash.
  const colours = [theme.palette.primary.main, theme.palette.warning.dark];
  const colourOf = (index: number) => colours[index % colours.length];
  const highest = Math.max(
    axisMax ?? 0,
    ...series.flatMap((one) => one.values.filter((value): value is number => value !== null)),
  );
  const ticks = axisTicks(highest > 0 ? highest : 1);
  const top = ticks[ticks.length - 1] ?? 1;
  const tickLabels = ticks.map(formatValue);
  const axisWidth = Math.max(...tickLabels.map((text) => text.length)) * CHARACTER_PX + 8;
  const plotHeight = height - TOP_SPACE - TIME_LABEL_SPACE;
  const y = (value: number) => TOP_SPACE + plotHeight - (value / top) * plotHeight;

  return (
    <Box sx={{ width: '100%', containerType: 'inline-size' }}>
      <Box
        sx={{
          display: 'flex',
          [`@container (max-width: ${NARROW_PX}px)`]: {
            '& .line-chart-time-odd': { display: 'none' },
          },
        }}
      >
        <ValueAxis width={axisWidth} height={height} ticks={ticks} labels={tickLabels} y={y} />
        <Box sx={{ position: 'relative', flex: '1 1 0', minWidth: 0, mr: 2 }}>
          <svg
            width="100%"
            height={height}
            role="img"
            aria-labelledby={titleId}
            focusable="false"
            style={{ display: 'block', overflow: 'visible' }}
          >
            <title id={titleId}>{label}</title>
            {ticks.map((tick, index) => (
              <line
                key={tick}
                x1="0"
                x2="100%"
                y1={y(tick)}
                y2={y(tick)}
                stroke={index === 0 ? theme.palette.text.secondary : theme.palette.divider}
                strokeWidth={1}
              />
            ))}
            {timeLabels.map((tick, index) => (
              <text
                key={`${tick.position}-${tick.text}`}
                className={index % 2 === 1 ? 'line-chart-time-odd' : undefined}
                x={`${tick.position * 100}%`}
                y={height - 6}
                textAnchor="middle"
                fontSize={11}
                fill={theme.palette.text.secondary}
              >
                {tick.text}
              </text>
            ))}
            {/* The lines, in a box 1000 wide stretched to the chart's width. */}
            <svg
              x="0"
              y="0"
              width="100%"
              height={height}
              viewBox={`0 0 1000 ${height}`}
              preserveAspectRatio="none"
            >
              {series.map((one, seriesIndex) => (
                <path
                  key={one.label}
                  d={linePath(positions, one.values, y)}
                  fill="none"
                  stroke={colourOf(seriesIndex)}
                  strokeWidth={2}
                  strokeDasharray={seriesIndex === 1 ? '6 3' : undefined}
                  strokeLinejoin="round"
                  vectorEffect="non-scaling-stroke"
                />
              ))}
            </svg>
          </svg>
        </Box>
      </Box>
      {series.length > 1 ? (
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
              <svg width="20" height="8" aria-hidden focusable="false">
                <line
                  x1="0"
                  x2="20"
                  y1="4"
                  y2="4"
                  stroke={colourOf(seriesIndex)}
                  strokeWidth={2}
                  strokeDasharray={seriesIndex === 1 ? '6 3' : undefined}
                />
              </svg>
              {one.label}
            </Box>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}

/** Width of the dash drawn for a point with no neighbour, in the 1000-wide box. */
const LONE_POINT_WIDTH = 6;

/**
 * An SVG path through the points that have a value; a gap (null) starts a new piece, and a piece
 * of one point is drawn as a short dash so that it shows.
 */
export function linePath(
  positions: number[],
  values: (number | null)[],
  y: (value: number) => number,
): string {
  const pieces: [number, number][][] = [];
  let piece: [number, number][] | undefined;
  values.forEach((value, index) => {
    if (value === null) {
      piece = undefined;
      return;
    }
    if (!piece) pieces.push((piece = []));
    piece.push([(positions[index] ?? 0) * 1000, y(value)]);
  });
  const at = ([x, pointY]: [number, number]) => `${x.toFixed(1)} ${pointY.toFixed(1)}`;
  return pieces
    .map((points) => {
      const [first, ...rest] = points as [[number, number], ...[number, number][]];
      const line = rest.length
        ? rest.map((point) => `L${at(point)}`)
        : [`L${at([first[0] + LONE_POINT_WIDTH, first[1]])}`];
      return [`M${at([first[0] - (rest.length ? 0 : LONE_POINT_WIDTH), first[1]])}`, ...line].join(
        ' ',
      );
    })
    .join(' ');
}
