/**
 * An invoice's status as a coloured chip; an overdue open invoice reads "Overdue" in red, overdue
 * by the server's clock (the one the banner and the API's block go by), not the device's.
 */
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslate } from 'react-admin';

import { serverNow } from '../../api/serverClock';
import type { Invoice, InvoiceStatus } from '../../dataProvider/dataProvider';
import { isOverdue } from '../../domain/invoices';

const STATUS_COLORS: Record<InvoiceStatus, ChipProps['color']> = {
  open: 'warning',
  paid: 'success',
  cancelled: 'default',
  other: 'default',
};

export function InvoiceStatusChip({ invoice }: { invoice: Invoice }) {
  const translate = useTranslate();
  const overdue = isOverdue(invoice, serverNow());
  return (
    <Chip
      size="small"
      color={overdue ? 'error' : STATUS_COLORS[invoice.status]}
      label={translate(`billing.invoice.status.${overdue ? 'overdue' : invoice.status}`)}
    />
  );
}

/** What an invoice was issued for, e.g. "Server #12"; a dash when it names no resource. */
export function invoiceResourceText(
  invoice: Invoice,
  translate: (key: string, options?: Record<string, unknown>) => string,
): string {
  if (!invoice.resource_type || invoice.resource_id === null) return '—';
  return translate(`billing.invoice.resource_type.${invoice.resource_type}`, {
    id: invoice.resource_id,
  });
}
