/**
 * /billing/invoices/:id: one invoice as a document: seller and customer, its line, the VAT the
 * price contains (10 %, prices include it), the total, and "Print / save as PDF", which prints the
 * invoice alone on A4 (InvoicePage.css). An open invoice can be paid from here.
 */
import './InvoicePage.css';

import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PrintIcon from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';

import { errorStatus } from '../../api/client';
import { LoadFailed } from '../../components/LoadFailed';
import { usePageTitle } from '../../components/usePageTitle';
import { config } from '../../config';
import type { Invoice, PortalDataProvider } from '../../dataProvider/dataProvider';
import { QUERY_KEYS } from '../../dataProvider/queryKeys';
import { formatDate } from '../../domain/dates';
import { formatVnd } from '../../domain/money';
import { vatContained } from '../../domain/pricing';
import { displayName, usePortalIdentity } from '../../layout/usePortalIdentity';
import { ACCOUNT_QUERY_KEYS } from '../account/accountQueries';
import { invoiceResourceText, InvoiceStatusChip } from './InvoiceStatusChip';
import { PayInvoiceDialog } from './PayInvoiceDialog';

export default function InvoicePage() {
  const translate = useTranslate();
  const { id = '' } = useParams();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const validId = /^\d+$/.test(id);
  const invoice = useQuery({
    queryKey: QUERY_KEYS.invoice(id),
    queryFn: () => dataProvider.getInvoice(id),
    enabled: validId,
  });
  const title = invoice.data
    ? translate('billing.invoice.title', { code: invoice.data.code })
    : translate('billing.title');
  usePageTitle(title);

  let content;
  if (!validId || errorStatus(invoice.error) === 404) {
    content = <Alert severity="warning">{translate('billing.invoice.not_found')}</Alert>;
  } else if (invoice.isPending) {
    content = <LinearProgress aria-label={translate('ra.page.loading')} />;
  } else if (invoice.isError) {
    content = (
      <LoadFailed
        error={invoice.error}
        onRetry={() => invoice.refetch()}
        retrying={invoice.isFetching}
      />
    );
  } else {
    content = <InvoiceDocument invoice={invoice.data} />;
  }

  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Title title={title} />
      <Button
        component={Link}
        to="/billing"
        startIcon={<ArrowBackIcon />}
        className="invoice-no-print"
        sx={{ mb: 1 }}
      >
        {translate('billing.invoice.back')}
      </Button>
      {content}
    </Box>
  );
}

function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  const translate = useTranslate();
  const { identity } = usePortalIdentity();
  const [paying, setPaying] = useState(false);
  const vat = vatContained(invoice.amount);

  return (
    <Card variant="outlined" className="invoice-document">
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="h5" component="h1">
              {translate('billing.invoice.title', { code: invoice.code })}
            </Typography>
            <InvoiceStatusChip invoice={invoice} />
          </Stack>
          <Stack direction="row" spacing={1} className="invoice-no-print">
            <Button startIcon={<PrintIcon />} onClick={() => window.print()}>
              {translate('billing.invoice.print')}
            </Button>
            {invoice.status === 'open' ? (
              <Button variant="contained" onClick={() => setPaying(true)}>
                {translate('billing.invoice.pay')}
              </Button>
            ) : null}
          </Stack>
        </Stack>

        <Grid container spacing={2} sx={{ mb: 2 }}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Typography variant="subtitle2" component="h2">
              {translate('billing.invoice.issuer')}
            </Typography>
            <Typography>{config.productName}</Typography>
            <Typography variant="body2">{config.supportEmail}</Typography>
            <Typography variant="body2">{config.supportHotline}</Typography>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Typography variant="subtitle2" component="h2">
              {translate('billing.invoice.customer')}
            </Typography>
            {identity ? (
              <>
                <Typography>{displayName(identity)}</Typography>
                <Typography variant="body2">{identity.email}</Typography>
              </>
            ) : null}
            <CustomerInvoiceInfo />
          </Grid>
          <Dates invoice={invoice} />
        </Grid>

        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('billing.invoice.line')}</TableCell>
                <TableCell align="right">{translate('billing.invoice.fields.amount')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              <TableRow>
                <TableCell>
                  {invoice.description}
                  {invoice.resource_type ? (
                    <Typography variant="body2" color="text.secondary">
                      {invoiceResourceText(invoice, translate)}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatVnd(invoice.amount)}
                </TableCell>
              </TableRow>
              <TotalRow
                label={translate('billing.invoice.price_before_vat')}
                value={formatVnd(invoice.amount - vat)}
              />
              <TotalRow
                label={translate('billing.invoice.vat')}
                value={formatVnd(vat)}
                testId="invoice-vat"
              />
              <TotalRow
                label={translate('billing.invoice.total')}
                value={formatVnd(invoice.amount)}
                strong
              />
            </TableBody>
          </Table>
        </TableContainer>
      </CardContent>
      {paying ? <PayInvoiceDialog invoice={invoice} open onClose={() => setPaying(false)} /> : null}
    </Card>
  );
}

/** The company details the customer set on /account, when set (a failed read prints none). */
function CustomerInvoiceInfo() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { data: info } = useQuery({
    queryKey: ACCOUNT_QUERY_KEYS.invoiceInfo,
    queryFn: () => dataProvider.getInvoiceInfo(),
  });
  if (!info) return null;
  const lines: [string, string | null][] = [
    ['account.invoice_info.tax_code', info.tax_code],
    ['account.invoice_info.tax_address', info.tax_address],
    ['account.invoice_info.billing_address', info.billing_address],
    ['account.invoice_info.billing_email', info.billing_email],
    ['account.invoice_info.billing_phone', info.billing_phone],
  ];
  return (
    <Box data-testid="invoice-customer-info" sx={{ mt: 1 }}>
      {info.company_name ? <Typography>{info.company_name}</Typography> : null}
      {lines.map(([label, value]) =>
        value ? (
          <Typography key={label} variant="body2" sx={{ whiteSpace: 'pre-line' }}>
            {translate(label)}: {value}
          </Typography>
        ) : null,
      )}
    </Box>
  );
}

function Dates({ invoice }: { invoice: Invoice }) {
  const translate = useTranslate();
  const rows: [string, string][] = [
    [translate('billing.invoice.fields.created'), formatDate(invoice.created)],
    [translate('billing.invoice.fields.due_date'), formatDate(invoice.due_date)],
  ];
  if (invoice.paid_at) {
    rows.push([translate('billing.invoice.fields.paid_at'), formatDate(invoice.paid_at)]);
  }
  return (
    <Grid size={12}>
      <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap' }} component="dl">
        {rows.map(([label, value]) => (
          <Box key={label}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Stack>
    </Grid>
  );
}

function TotalRow(props: { label: string; value: string; strong?: boolean; testId?: string }) {
  const weight = props.strong ? 700 : undefined;
  return (
    <TableRow>
      <TableCell align="right" sx={{ fontWeight: weight }}>
        {props.label}
      </TableCell>
      <TableCell
        align="right"
        data-testid={props.testId}
        sx={{ fontWeight: weight, whiteSpace: 'nowrap' }}
      >
        {props.value}
      </TableCell>
    </TableRow>
  );
}
