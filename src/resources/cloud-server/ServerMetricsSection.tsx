/**
 * The server page's metrics tab, loaded only when opened: CPU, network in/out and disk read/write
 * over the last hour, day or week, as line charts with axes in the reader's language (units, and
 * times in Vietnam's clock written with dayjs in the reader's locale), and the same figures as a
 * table on demand. Loading, failed, no figures yet (a new server) and not running (all zero) each
 * say so.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import 'dayjs/locale/vi';
import { useId, useState } from 'react';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';

import { LineChart } from '../../components/LineChart';
import { LoadFailed } from '../../components/LoadFailed';
import type {
  PortalDataProvider,
  Server,
  ServerMetricPoint,
} from '../../dataProvider/dataProvider';
import { QUERY_KEYS } from '../../dataProvider/queryKeys';
import {
  LOADED_SERVER_STATUSES,
  METRIC_PERIODS,
  METRIC_STEPS,
  type MetricPeriod,
} from '../../domain/serverMetrics';
import { formatInVietnam } from '../../domain/vietnamTime';

/** The figures are read again each minute while the tab is open (the hour's step). */
const REFRESH_MS = 60_000;
const VIETNAM_OFFSET_MS = 7 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** Where the time axis is labelled, and how: every 10 minutes, 4 hours, day (Vietnam time). */
const TIME_AXIS: Record<MetricPeriod, { everyMs: number; format: string; rowFormat: string }> = {
  hour: { everyMs: 10 * 60 * 1000, format: 'HH:mm', rowFormat: 'HH:mm' },
  day: { everyMs: 4 * HOUR_MS, format: 'HH:mm', rowFormat: 'DD/MM HH:mm' },
  week: { everyMs: 24 * HOUR_MS, format: 'ddd D/M', rowFormat: 'ddd DD/MM HH:mm' },
};

type Figure = Exclude<keyof ServerMetricPoint, 'time'>;

interface Chart {
  key: 'cpu' | 'network' | 'disk';
  figures: { figure: Figure; labelKey: string }[];
  unit: 'percent' | 'bits' | 'bytes';
}

const CHARTS: Chart[] = [
  { key: 'cpu', figures: [{ figure: 'cpu_percent', labelKey: 'cpu_usage' }], unit: 'percent' },
  {
    key: 'network',
    figures: [
      { figure: 'network_in_bits_per_second', labelKey: 'network_in' },
      { figure: 'network_out_bits_per_second', labelKey: 'network_out' },
    ],
    unit: 'bits',
  },
  {
    key: 'disk',
    figures: [
      { figure: 'disk_read_bytes_per_second', labelKey: 'disk_read' },
      { figure: 'disk_write_bytes_per_second', labelKey: 'disk_write' },
    ],
    unit: 'bytes',
  },
];

export default function ServerMetricsSection({ server }: { server: Server }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [period, setPeriod] = useState<MetricPeriod>('hour');
  const [tableShown, setTableShown] = useState(false);
  const tableId = useId();
  const metrics = useQuery({
    queryKey: QUERY_KEYS.serverMetrics(server.id, period),
    queryFn: () => dataProvider.getServerMetrics(server.id, period),
    refetchInterval: REFRESH_MS,
  });
  const points = metrics.data?.points ?? [];
  const periodText = translate(`servers.metrics.period.${period}`);
  const format = unitFormats(locale);
  const axis = timeAxis(points, period);
  const timeText = (time: string, pattern: string) => formatInVietnam(time, pattern, locale);

  return (
    <Stack spacing={2}>
      <ToggleButtonGroup
        exclusive
        color="primary"
        size="small"
        value={period}
        aria-label={translate('servers.metrics.period_label')}
        onChange={(_event, next: unknown) => {
          if (METRIC_PERIODS.includes(next as MetricPeriod)) setPeriod(next as MetricPeriod);
        }}
      >
        {METRIC_PERIODS.map((one) => (
          <ToggleButton key={one} value={one} sx={{ px: { xs: 1, sm: 2 } }}>
            {translate(`servers.metrics.period.${one}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {metrics.isPending ? (
        <LinearProgress aria-label={translate('servers.metrics.loading')} />
      ) : null}
      {metrics.isError ? (
        <LoadFailed
          error={metrics.error}
          onRetry={() => metrics.refetch()}
          retrying={metrics.isFetching}
        />
      ) : null}
      {metrics.isSuccess && points.length === 0 ? (
        <Alert severity="info">{translate('servers.metrics.empty')}</Alert>
      ) : null}
      {metrics.isSuccess && points.length > 0 ? (
        <>
          {LOADED_SERVER_STATUSES.includes(server.status) ? null : (
            <Alert severity="info">{translate('servers.metrics.not_running')}</Alert>
          )}
          {CHARTS.map((chart) => {
            const values = chart.figures.map(({ figure }) => points.map((point) => point[figure]));
            const highest = Math.max(0, ...values.flat());
            const metricText = translate(`servers.metrics.${chart.key}`);
            return (
              <Stack key={chart.key} component="section" spacing={1} aria-label={metricText}>
                <Typography variant="subtitle1" component="h2">
                  {metricText}
                </Typography>
                <LineChart
                  positions={axis.positions}
                  series={chart.figures.map(({ labelKey }, index) => ({
                    label: translate(`servers.metrics.${labelKey}`),
                    values: values[index] ?? [],
                  }))}
                  timeLabels={axis.ticks.map((tick) => ({
                    position: tick.position,
                    text: timeText(tick.time, TIME_AXIS[period].format),
                  }))}
                  formatValue={format[chart.unit]}
                  axisMax={chart.unit === 'percent' ? 100 : undefined}
                  label={translate('servers.metrics.chart_label', {
                    metric: metricText,
                    period: periodText,
                    max: format[chart.unit](highest),
                  })}
                />
              </Stack>
            );
          })}
          <Typography variant="caption" color="text.secondary">
            {translate('servers.metrics.time_axis')}
          </Typography>
          <div>
            <Button
              variant="outlined"
              size="small"
              aria-expanded={tableShown}
              aria-controls={tableShown ? tableId : undefined}
              onClick={() => setTableShown((shown) => !shown)}
            >
              {translate(tableShown ? 'servers.metrics.hide_table' : 'servers.metrics.show_table')}
            </Button>
          </div>
          {tableShown ? (
            <TableContainer
              id={tableId}
              role="region"
              aria-label={translate('servers.metrics.title')}
              tabIndex={0}
              sx={{ contain: 'inline-size', maxHeight: 480 }}
            >
              <Table size="small" stickyHeader>
                <caption>
                  {translate('servers.metrics.table_caption', {
                    metric: translate('servers.metrics.title'),
                    period: periodText,
                  })}
                </caption>
                <TableHead>
                  <TableRow>
                    <TableCell scope="col">{translate('servers.metrics.time')}</TableCell>
                    {CHARTS.flatMap((chart) =>
                      chart.figures.map(({ figure, labelKey }) => (
                        <TableCell key={figure} scope="col" align="right">
                          {chart.figures.length > 1
                            ? `${translate(`servers.metrics.${chart.key}`)}: ${translate(`servers.metrics.${labelKey}`)}`
                            : translate(`servers.metrics.${labelKey}`)}
                        </TableCell>
                      )),
                    )}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {points.map((point) => (
                    <TableRow key={point.time}>
                      <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                        {timeText(point.time, TIME_AXIS[period].rowFormat)}
                      </TableCell>
                      {CHARTS.flatMap((chart) =>
                        chart.figures.map(({ figure }) => (
                          <TableCell key={figure} align="right" sx={{ whiteSpace: 'nowrap' }}>
                            {format[chart.unit](point[figure])}
                          </TableCell>
                        )),
                      )}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}

/**
 * The period's whole span on the time axis (so a new server's few points sit at its right end),
 * each point in the middle of its step, and labels at round Vietnam times.
 */
function timeAxis(points: ServerMetricPoint[], period: MetricPeriod) {
  const { stepSeconds, points: count } = METRIC_STEPS[period];
  const stepMs = stepSeconds * 1000;
  const last = points[points.length - 1];
  const end = (last ? Date.parse(last.time) : 0) + stepMs;
  const span = count * stepMs;
  const start = end - span;
  const positions = points.map((point) => (Date.parse(point.time) + stepMs / 2 - start) / span);
  const { everyMs } = TIME_AXIS[period];
  const ticks: { time: string; position: number }[] = [];
  const first = Math.ceil((start + VIETNAM_OFFSET_MS) / everyMs) * everyMs - VIETNAM_OFFSET_MS;
  for (let time = first; time <= end; time += everyMs) {
    // Labels too near the ends would be cut.
    const position = (time - start) / span;
    if (position > 0.04 && position < 0.96) {
      ticks.push({ time: new Date(time).toISOString(), position });
    }
  }
  return { positions, ticks };
}

/** A figure written short in the reader's locale, with its unit. */
function unitFormats(locale: string) {
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const scaled = (units: string[]) => (value: number) => {
    let index = 0;
    let scaledValue = value;
    while (scaledValue >= 1000 && index < units.length - 1) {
      scaledValue /= 1000;
      index += 1;
    }
    return `${number.format(scaledValue)} ${units[index]}`;
  };
  return {
    percent: (value: number) => percent.format(value / 100),
    bits: scaled(['bit/s', 'kbit/s', 'Mbit/s', 'Gbit/s']),
    bytes: scaled(['B/s', 'kB/s', 'MB/s', 'GB/s']),
  };
}
