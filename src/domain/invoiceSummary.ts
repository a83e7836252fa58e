/**
 * What lists and dialogs call an invoice, in the reader's language: its summary (a message text),
 * or, where the API sends none (a trial bill issued before summaries were kept, a provider API
 * without them), the Vietnamese `description`.
 */
import { renderMessageText, type MessageText } from './messageText';
import type { Translate } from './periods';

export function invoiceSummary(
  invoice: { description: string; summary?: MessageText },
  translate: Translate,
): string {
  return invoice.summary ? renderMessageText(invoice.summary, translate) : invoice.description;
}
