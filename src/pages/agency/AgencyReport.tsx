/**
 * /agency/report: the overview of a chosen year (in the URL, `?year=`, this year by default):
 * totals (revenue — what the customers paid —, invoiced, unpaid, new accounts, servers held,
 * customers in all) and, by month, a revenue chart and a chart of new accounts and servers (our own
 * small SVG bar chart), and a table with the same figures for readers who cannot see the charts
 * (on a phone: month, revenue and unpaid, with the month's counts under it).
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';

import { serverNow } from '../../api/serverClock';
import { BarChart } from '../../components/BarChart';
import { LoadFailed } from '../../components/LoadFailed';
import type { AgencyReport as Report, PortalDataProvider } from '../../dataProvider/dataProvider';
import { HIDDEN_ON_PHONE, ON_PHONE, PHONE_QUERY } from '../../components/phoneLayout';
import { compactVnd, formatVnd } from '../../domain/money';

/** The years the report offers: the contract accepts 2000–2100; agencies start later. */
const FIRST_YEAR = 2020;
const LAST_YEAR = 2100;
const VIETNAM_OFFSET_MS = 7 * 60 * 60 * 1000;
const CHART_HEIGHT = 260;

const thisYear = () => new Date(serverNow().getTime() + VIETNAM_OFFSET_MS).getUTCFullYear();

export default function AgencyReport() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = Number(searchParams.get('year'));
  const chosen =
    Number.isInteger(asked) && asked >= FIRST_YEAR && asked <= LAST_YEAR ? asked : undefined;

  // Without a chosen year the sandbox reports the one under way by its clock, which a demo may
  // have moved on from the browser's.
  const report = useQuery({
    queryKey: ['agency-report', chosen ?? 'current'],
    queryFn: () => dataProvider.getAgencyReport(chosen),
  });
  const year = chosen ?? report.data?.year ?? thisYear();
  const newest = Math.max(thisYear(), year);
  const years = Array.from({ length: newest - FIRST_YEAR + 1 }, (_, index) => newest - index);

  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Card variant="outlined">
        <CardContent>
          <TextField
            select
            label={translate('agency.report.year')}
            value={year}
            onChange={(event) => setSearchParams({ year: event.target.value }, { replace: true })}
            size="small"
            sx={{ minWidth: 140 }}
          >
            {years.map((option) => (
              <MenuItem key={option} value={option}>
                {option}
              </MenuItem>
            ))}
          </TextField>
        </CardContent>
      </Card>
      {report.isPending ? (
        <ReportSkeleton />
      ) : report.error ? (
        <LoadFailed
          error={report.error}
          onRetry={() => report.refetch()}
          retrying={report.isFetching}
        />
      ) : (
        <ReportBody report={report.data} />
      )}
    </Stack>
  );
}

function ReportBody({ report }: { report: Report }) {
  const translate = useTranslate();
  const { totals } = report;
  const nothing =
    totals.paid === 0 &&
    totals.invoiced === 0 &&
    totals.new_accounts === 0 &&
    totals.active_servers === 0;
  return (
    <>
      <Box
        data-testid="agency-report-totals"
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)', lg: 'repeat(6, 1fr)' },
        }}
      >
        <Figure label={translate('agency.report.revenue')} value={formatVnd(totals.paid)} />
        <Figure label={translate('agency.report.invoiced')} value={formatVnd(totals.invoiced)} />
        <Figure label={translate('agency.report.unpaid')} value={formatVnd(totals.unpaid)} />
        <Figure label={translate('agency.report.new_accounts')} value={totals.new_accounts} />
        <Figure
          label={translate('agency.report.active_servers')}
          value={totals.active_servers}
          help={translate('agency.report.active_servers_help')}
        />
        <Figure label={translate('agency.report.accounts')} value={report.accounts} />
      </Box>
      {nothing ? (
        <Card variant="outlined">
          <CardContent>
            <Typography color="text.secondary">
              {translate('agency.report.empty', { year: report.year })}
            </Typography>
          </CardContent>
        </Card>
      ) : (
        <MonthlyCharts report={report} />
      )}
    </>
  );
}

function MonthlyCharts({ report }: { report: Report }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const monthName = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'vi-VN', {
    month: 'short',
    timeZone: 'UTC',
  });
  const months = report.months.map((month) =>
    monthName.format(new Date(Date.UTC(report.year, month.month - 1, 1))),
  );
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('agency.report.chart_title', { year: report.year })}
        </Typography>
        <Box
          component="figure"
          role="img"
          aria-label={translate('agency.report.chart_label', { year: report.year })}
          data-testid="agency-report-chart"
          sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}
        >
          <BarChart
            height={CHART_HEIGHT}
            categories={months}
            legend
            valueAxis
            series={[
              {
                label: translate('agency.report.revenue_axis'),
                values: report.months.map((month) => month.paid),
                format: formatVnd,
                formatShort: (value) => compactVnd(value, locale),
              },
            ]}
          />
          <BarChart
            height={CHART_HEIGHT}
            categories={months}
            series={[
              {
                label: translate('agency.report.new_accounts'),
                values: report.months.map((month) => month.new_accounts),
              },
              {
                label: translate('agency.report.active_servers'),
                values: report.months.map((month) => month.active_servers),
              },
            ]}
          />
        </Box>
        <MonthlyTable report={report} months={months} />
      </CardContent>
    </Card>
  );
}

/** An amount, a month's name or count never wraps: "₫" stays beside its figure. */
const ONE_LINE = { whiteSpace: 'nowrap' } as const;

/** On a phone the cells have 8 px at each side, as a list's have (phoneLayout.css). */
const NARROW_CELLS_ON_PHONE = { [ON_PHONE]: { '& .MuiTableCell-root': { px: 1 } } };

/**
 * The columns of the monthly table; a phone does without those marked `phone: false` (invoiced is
 * revenue plus unpaid; the counts are under the month there) so the table fits 375 px.
 */
const COLUMNS = [
  { key: 'agency.report.month', phone: true },
  { key: 'agency.report.revenue', phone: true },
  { key: 'agency.report.invoiced', phone: false },
  { key: 'agency.report.unpaid', phone: true },
  { key: 'agency.report.new_accounts', phone: false },
  { key: 'agency.report.active_servers', phone: false },
];

function MonthlyTable({ report, months }: { report: Report; months: string[] }) {
  const translate = useTranslate();
  const onPhone = useMediaQuery(PHONE_QUERY, { noSsr: true });
  const caption = translate('agency.report.table_caption', { year: report.year });
  const hidden = (shownOnPhone: boolean) => (shownOnPhone ? undefined : HIDDEN_ON_PHONE);
  const amount = (value: number, shownOnPhone: boolean) => (
    <TableCell align="right" className={hidden(shownOnPhone)} sx={ONE_LINE}>
      {formatVnd(value)}
    </TableCell>
  );
  return (
    // A window narrower than even the phone's columns scrolls it sideways: focusable, so the
    // keyboard can scroll it too.
    <Box role="region" aria-label={caption} tabIndex={0} sx={{ overflowX: 'auto', mt: 2 }}>
      <Table size="small" aria-label={caption} sx={NARROW_CELLS_ON_PHONE}>
        <TableHead>
          <TableRow>
            {COLUMNS.map(({ key, phone }) => (
              <TableCell
                key={key}
                align={key === 'agency.report.month' ? 'left' : 'right'}
                className={hidden(phone)}
              >
                {translate(key)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {report.months.map((month, index) => (
            <TableRow key={month.month}>
              <TableCell component="th" scope="row">
                <Box component="span" sx={ONE_LINE}>
                  {months[index]}
                </Box>
                {onPhone ? (
                  <Typography
                    variant="caption"
                    component="div"
                    color="text.secondary"
                    sx={ONE_LINE}
                  >
                    {translate('agency.report.month_new_accounts', { count: month.new_accounts })}
                    <br />
                    {translate('agency.report.month_active_servers', {
                      count: month.active_servers,
                    })}
                  </Typography>
                ) : null}
              </TableCell>
              {amount(month.paid, true)}
              {amount(month.invoiced, false)}
              {amount(month.unpaid, true)}
              <TableCell align="right" className={HIDDEN_ON_PHONE}>
                {month.new_accounts}
              </TableCell>
              <TableCell align="right" className={HIDDEN_ON_PHONE}>
                {month.active_servers}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function Figure(props: { label: string; value: string | number; help?: string }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {props.label}
        </Typography>
        <Typography variant="h6" component="p" sx={{ whiteSpace: 'nowrap' }}>
          {props.value}
        </Typography>
        {props.help ? (
          <Typography variant="caption" color="text.secondary">
            {props.help}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}

function ReportSkeleton() {
  return (
    <Stack spacing={2} role="status" aria-busy="true">
      <Skeleton variant="rounded" height={96} />
      <Skeleton variant="rounded" height={320} />
    </Stack>
  );
}
