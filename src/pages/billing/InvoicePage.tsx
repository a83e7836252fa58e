/**
 * /billing/invoices/:id: one invoice as a document, drawn from the invoice alone (what it copied
 * when issued: seller, buyer, lines), so it never changes with the account's details: its lines
 * with unit price, quantity and period, any discount, the subtotal, the price before VAT, the VAT
 * the total contains (10 %, prices include it), the total, what was paid and how, and the total in
 * Vietnamese words. "Print" prints the invoice alone on A4 (InvoicePage.css); "Download PDF" saves
 * the sandbox's PDF of it. An open invoice can be paid from here.
 */
import './InvoicePage.css';

import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
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
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';

import { errorStatus } from '../../api/client';
import { LoadFailed } from '../../components/LoadFailed';
import { usePageTitle } from '../../components/usePageTitle';
import type { Invoice, PortalDataProvider } from '../../dataProvider/dataProvider';
import { QUERY_KEYS } from '../../dataProvider/queryKeys';
import { formatDate } from '../../domain/dates';
import { lineDescription, linePeriod, paymentText } from '../../domain/invoiceText';
import { formatVnd } from '../../domain/money';
import { amountInVietnameseWords } from '../../domain/vietnameseWords';
import { invoiceResourceText, InvoiceStatusChip } from './InvoiceStatusChip';
import { PayInvoiceDialog } from './PayInvoiceDialog';
import { saveFile } from './saveFile';

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
  const [paying, setPaying] = useState(false);

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
          <Stack
            direction="row"
            spacing={1}
            className="invoice-no-print"
            sx={{ flexWrap: 'wrap', rowGap: 1 }}
          >
            <Button startIcon={<PrintIcon />} onClick={() => window.print()}>
              {translate('billing.invoice.print')}
            </Button>
            <DownloadPdfButton invoice={invoice} />
            {invoice.status === 'open' ? (
              <Button variant="contained" onClick={() => setPaying(true)}>
                {translate('billing.invoice.pay')}
              </Button>
            ) : null}
          </Stack>
        </Stack>

        <Grid container spacing={2} sx={{ mb: 2 }}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Party
              title={translate('invoice_document.seller')}
              testId="invoice-seller"
              rows={[
                ['', invoice.seller.name],
                ['invoice_document.tax_code', invoice.seller.tax_code],
                ['invoice_document.address', invoice.seller.address],
              ]}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Party
              title={translate('invoice_document.buyer')}
              testId="invoice-buyer"
              rows={[
                ['', invoice.buyer.name],
                ['', invoice.buyer.email],
                ['invoice_document.company_name', invoice.buyer.company_name],
                ['invoice_document.tax_code', invoice.buyer.tax_code],
                ['invoice_document.tax_address', invoice.buyer.tax_address],
                ['invoice_document.billing_address', invoice.buyer.billing_address],
              ]}
            />
          </Grid>
          <Dates invoice={invoice} />
        </Grid>

        <InvoiceLines invoice={invoice} />
        <Typography sx={{ mt: 2 }} data-testid="invoice-words">
          <Box component="strong">{translate('invoice_document.in_words')}:</Box>{' '}
          {amountInVietnameseWords(invoice.total)}
        </Typography>
        <Typography sx={{ mt: 1 }} data-testid="invoice-paid">
          {translate('invoice_document.amount_paid')}: {formatVnd(invoice.amount_paid)} (
          {invoice.payment
            ? paymentText(invoice.payment, translate)
            : translate('invoice_document.not_paid')}
          )
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('invoice_document.prices_include_vat')}
        </Typography>
      </CardContent>
      {paying ? <PayInvoiceDialog invoice={invoice} open onClose={() => setPaying(false)} /> : null}
    </Card>
  );
}

/** A party as the invoice copied it when issued; unlabelled rows are the name and e-mail. */
function Party(props: { title: string; testId: string; rows: [string, string | null][] }) {
  const translate = useTranslate();
  return (
    <Box data-testid={props.testId}>
      <Typography variant="subtitle2" component="h2">
        {props.title}
      </Typography>
      {props.rows.map(([label, value], index) =>
        value ? (
          <Typography
            key={index}
            variant={index === 0 ? 'body1' : 'body2'}
            sx={{ whiteSpace: 'pre-line' }}
          >
            {label ? `${translate(label)}: ${value}` : value}
          </Typography>
        ) : null,
      )}
    </Box>
  );
}

/** On a phone the number and period columns give way: the period goes under the description. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;
const COMPACT_CELLS = { '& .MuiTableCell-root': { px: { xs: 0.75, sm: 2 } } } as const;

function InvoiceLines({ invoice }: { invoice: Invoice }) {
  const translate = useTranslate();
  const column = (key: string) => translate(`invoice_document.columns.${key}`);
  const money = { whiteSpace: 'nowrap' } as const;
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={translate('billing.invoice.line')} sx={COMPACT_CELLS}>
          <TableHead>
            <TableRow>
              <TableCell sx={WIDE_ONLY}>{column('index')}</TableCell>
              <TableCell>{column('description')}</TableCell>
              <TableCell sx={WIDE_ONLY}>{column('period')}</TableCell>
              <TableCell align="right">{column('unit_price')}</TableCell>
              <TableCell align="right">{column('quantity')}</TableCell>
              <TableCell align="right">{column('amount')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {invoice.lines.map((line, index) => {
              const period = linePeriod(line, translate);
              return (
                <TableRow key={index} data-testid="invoice-line">
                  <TableCell sx={WIDE_ONLY}>{index + 1}</TableCell>
                  <TableCell>
                    {lineDescription(line, translate)}
                    {index === 0 && invoice.resource_type ? (
                      <Typography variant="body2" color="text.secondary">
                        {invoiceResourceText(invoice, translate)}
                      </Typography>
                    ) : null}
                    {period ? (
                      <Typography
                        variant="body2"
                        color="text.secondary"
                        sx={{ display: { sm: 'none' } }}
                      >
                        {period}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell sx={WIDE_ONLY}>{period}</TableCell>
                  <TableCell align="right" sx={money}>
                    {formatVnd(line.unit_price)}
                  </TableCell>
                  <TableCell align="right">{line.quantity}</TableCell>
                  <TableCell align="right" sx={money}>
                    {formatVnd(line.amount)}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <Table size="small" sx={{ ...COMPACT_CELLS, width: 'auto', ml: 'auto', mt: 1 }}>
        <TableBody>
          <TotalRow
            label={translate('invoice_document.subtotal')}
            value={formatVnd(invoice.subtotal)}
          />
          {invoice.discount > 0 ? (
            <TotalRow
              label={translate('invoice_document.discount')}
              value={formatVnd(-invoice.discount)}
              testId="invoice-discount"
            />
          ) : null}
          <TotalRow
            label={translate('invoice_document.total_before_vat')}
            value={formatVnd(invoice.total_before_vat)}
          />
          <TotalRow
            label={translate('invoice_document.vat')}
            value={formatVnd(invoice.vat)}
            testId="invoice-vat"
          />
          <TotalRow
            label={translate('invoice_document.total')}
            value={formatVnd(invoice.total)}
            testId="invoice-total"
            strong
          />
        </TableBody>
      </Table>
    </>
  );
}

/** Fetches the PDF with the session's token (a plain link could not send it) and saves it. */
function DownloadPdfButton({ invoice }: { invoice: Invoice }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const download = useMutation({
    mutationFn: () => dataProvider.getInvoicePdf(invoice.id, locale === 'en' ? 'en' : 'vi'),
    onSuccess: (pdf) => saveFile(pdf, `${invoice.code}.pdf`),
    onError: () => notify('invoice_document.download_failed', { type: 'error' }),
  });
  return (
    <Button
      startIcon={<DownloadIcon />}
      onClick={() => download.mutate()}
      loading={download.isPending}
    >
      {translate('invoice_document.download_pdf')}
    </Button>
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
