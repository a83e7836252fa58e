/** Invoice rules the billing screens share: when an invoice is overdue. */

interface InvoiceDates {
  status: string;
  due_date: string;
}

/** An open invoice whose due date has passed: it blocks the account's actions until paid. */
export function isOverdue(invoice: InvoiceDates, now: Date): boolean {
  return invoice.status === 'open' && new Date(invoice.due_date).getTime() < now.getTime();
}
