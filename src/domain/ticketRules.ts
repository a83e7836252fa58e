/**
 * Support ticket rules shared by the ticket form and the sandbox (spec §5, §9): subject and
 * content are required, and the time support may call or work on the customer's server is chosen
 * from half-hourly options at night, Vietnam time.
 */
import { hasVisibleText, type ValidationMessage } from './validation';

/** The contract's limits (CreateTicketRequest, TicketReplyRequest), in characters. */
export const TICKET_SUBJECT_MAX_LENGTH = 200;
export const TICKET_CONTENT_MAX_LENGTH = 10000;

const characterCount = (text: string): number => [...text].length;

/** Every half hour from `from` to `to` (inclusive), as HH:MM. */
function halfHours(from: number, to: number): string[] {
  const times: string[] = [];
  for (let minutes = from * 60; minutes <= to * 60; minutes += 30) {
    const hour = String(Math.floor(minutes / 60)).padStart(2, '0');
    times.push(`${hour}:${minutes % 60 === 0 ? '00' : '30'}`);
  }
  return times;
}

/** Spec §9: half-hourly 00:00–06:00 and 21:00–23:30, in the order a day runs. */
export const TICKET_CONTACT_TIMES: readonly string[] = [...halfHours(0, 6), ...halfHours(21, 23.5)];

export function isTicketContactTime(value: string): boolean {
  return TICKET_CONTACT_TIMES.includes(value);
}

export function validateTicketSubject(value: string | undefined): ValidationMessage {
  const subject = value ?? '';
  if (!hasVisibleText(subject)) return 'validation.ticket_subject_required';
  if (characterCount(subject) > TICKET_SUBJECT_MAX_LENGTH) {
    return 'validation.ticket_subject_too_long';
  }
  return undefined;
}

/** The opening message and every reply. */
export function validateTicketContent(value: string | undefined): ValidationMessage {
  const content = value ?? '';
  if (!hasVisibleText(content)) return 'validation.ticket_content_required';
  if (characterCount(content) > TICKET_CONTENT_MAX_LENGTH) {
    return 'validation.ticket_content_too_long';
  }
  return undefined;
}
