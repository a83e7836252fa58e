/**
 * The reference of a card or PayPal top-up: the day it began, as Vietnam's calendar reads it (for
 * people reading it beside the payment's date), then 64 random bits so it cannot be guessed.
 */
import { randomBytes } from 'node:crypto';

import { formatInVietnam } from '../../../src/domain/vietnamTime';

export function newPaymentReference(prefix: 'TOPUP' | 'PAYPAL', now: Date): string {
  const day = formatInVietnam(now, 'YYYYMMDD');
  return `${prefix}-${day}-${randomBytes(8).toString('hex').toUpperCase()}`;
}
