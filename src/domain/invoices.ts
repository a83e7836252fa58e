/** Invoice rules the billing screens share: when an invoice is overdue. */
import { isPastDue } from './periods';

interface InvoiceDates {
  status: string;
  due_date: string;
}

/**
 * An open invoice whose due date has passed: it blocks the account's actions until paid. `now`
 * is the server's time (the portal's `serverNow()`), never the device's.
 */
export function isOverdue(invoice: InvoiceDates, now: Date): boolean {
  return invoice.status === 'open' && isPastDue(invoice.due_date, now);
}
