/**
 * Bank-transfer top-ups: a pending attempt with a short reference the customer writes in the
 * transfer note, and the credit when the provider's bank reports the money received (in the
 * sandbox: the "transfer received" form on /sandbox). The amount credited is the amount received,
 * but at most the amount asked for unless the operator credits a different amount on purpose; a
 * reference credits once, however often it is reported.
 */
import { randomInt } from 'node:crypto';
import type { Db } from '../../platform/db';
import type { Translate } from '../../platform/i18n';
import { changeBalance } from '../ledger';
import { PAID_THROUGH_GATEWAY, recordBy } from '../../auth/activity';
import { mailCreditReceipt } from '../billingMails';
import type { PaymentAttemptRow } from './cardGateway';

/**
 * The provider's receiving account in the sandbox. Fake: no such account exists; a real provider
 * configures its own. `bin` is the bank's NAPAS BIN, the acquirer id of the VietQR code; 970999
 * is assigned to no bank, so a banking app that scans the sandbox's code finds no bank to pay.
 */
export const SANDBOX_BANK_ACCOUNT = {
  bank: 'Ngân hàng TMCP Sandbox (SBX)',
  bin: '970999',
  number: '0123 4567 8901',
  holder: 'CONG TY TNHH IDC CLOUD SANDBOX',
} as const;

/** The receiving account as the contract's `BankAccount`. */
export const bankAccount = () => ({ ...SANDBOX_BANK_ACCOUNT });

/** How long a transfer reference is shown as awaited (a transfer arriving later still credits). */
export const BANK_TRANSFER_DAYS = 7;

/** Letters and digits nobody confuses when typing a note: no 0/O, 1/I/L, 8/B, 5/S, 2/Z. */
const REFERENCE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';
export const BANK_REFERENCE_PATTERN = new RegExp(`^NAP[${REFERENCE_ALPHABET}]{8}$`);

export function newBankReference(): string {
  let code = 'NAP';
  for (let i = 0; i < 8; i += 1) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return code;
}

/** A reference as people type it into a note or a form: spaces and case do not matter. */
export const normalizedBankReference = (typed: string) => typed.replace(/\s+/g, '').toUpperCase();

export function recordBankTransferAttempt(
  db: Db,
  attempt: { userId: number; amount: number; now: Date },
): PaymentAttemptRow {
  const expires = new Date(attempt.now.getTime() + BANK_TRANSFER_DAYS * 24 * 60 * 60_000);
  const insert = db.prepare(
    `INSERT INTO payment_attempts
       (reference, user_id, method, amount, currency, return_url, status, created_at, expires_at)
     VALUES (?, ?, 'bank_transfer', ?, 'VND', NULL, 'pending', ?, ?)
     ON CONFLICT (reference) DO NOTHING RETURNING *`,
  );
  // 25^8 references: a clash is rare, and simply draws another.
  for (;;) {
    const row = insert.get(
      newBankReference(),
      attempt.userId,
      attempt.amount,
      attempt.now.toISOString(),
      expires.toISOString(),
    ) as PaymentAttemptRow | undefined;
    if (row) return row;
  }
}

/** What the customer needs to make the transfer, as the contract's `bank_transfer_details` text. */
export function bankTransferDetails(t: Translate, attempt: PaymentAttemptRow): string {
  return t('server.bank_transfer.details', {
    bank: SANDBOX_BANK_ACCOUNT.bank,
    number: SANDBOX_BANK_ACCOUNT.number,
    holder: SANDBOX_BANK_ACCOUNT.holder,
    reference: attempt.reference,
  });
}

export type BankTransferCredit =
  | { outcome: 'credited'; attempt: PaymentAttemptRow; amount: number; balanceAfter: number }
  | { outcome: 'already_credited' | 'unknown_reference' };

/**
 * The bank reports `amount` dong received with `reference` in the note: credited once, and no more
 * than the request asked for unless `differentAmount` (the operator's explicit choice) is set.
 */
export function creditBankTransfer(
  db: Db,
  received: { reference: string; amount: number; now: Date; differentAmount?: boolean },
): BankTransferCredit {
  const reference = normalizedBankReference(received.reference);
  return db.transaction((): BankTransferCredit => {
    const claimed = db
      .prepare(
        `UPDATE payment_attempts SET status = 'credited', transaction_no = reference, settled_at = ?
          WHERE reference = ? AND method = 'bank_transfer' AND status = 'pending' RETURNING *`,
      )
      .get(received.now.toISOString(), reference) as PaymentAttemptRow | undefined;
    if (!claimed) {
      const known = db
        .prepare(`SELECT 1 FROM payment_attempts WHERE reference = ? AND method = 'bank_transfer'`)
        .get(reference);
      return { outcome: known ? 'already_credited' : 'unknown_reference' };
    }
    const amount = received.differentAmount
      ? received.amount
      : Math.min(received.amount, claimed.amount);
    const balanceAfter = changeBalance(db, {
      userId: claimed.user_id,
      type: 'topup',
      method: 'bank_transfer',
      amount,
      text: { key: 'ledger.topup_bank_transfer', params: { reference: claimed.reference } },
      reference: claimed.reference,
      at: received.now,
    });
    mailCreditReceipt(db, {
      userId: claimed.user_id,
      method: 'bank_transfer',
      amount,
      reference: claimed.reference,
      balanceAfter,
      at: received.now,
    });
    const facts = { amount, method: 'bank_transfer', reference: claimed.reference };
    recordBy(db, claimed.user_id, 'top_up', received.now, PAID_THROUGH_GATEWAY, facts);
    return { outcome: 'credited', attempt: claimed, amount, balanceAfter };
  })();
}

/** Whether a transfer is still awaited as the customer sees it (a later transfer still credits). */
export const isAwaitedTransfer = (attempt: PaymentAttemptRow, now: Date) =>
  attempt.method === 'bank_transfer' &&
  attempt.status === 'pending' &&
  now.toISOString() < attempt.expires_at;

/** Transfers still awaited, for the /sandbox page. */
export function awaitedTransfers(db: Db): (PaymentAttemptRow & { email: string })[] {
  return db
    .prepare(
      `SELECT a.*, u.email FROM payment_attempts a JOIN users u ON u.id = a.user_id
        WHERE a.method = 'bank_transfer' AND a.status = 'pending' ORDER BY a.id DESC LIMIT 50`,
    )
    .all() as (PaymentAttemptRow & { email: string })[];
}
