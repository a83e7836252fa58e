/**
 * The VietQR payload of a bank transfer: the NAPAS EMVCo "QR code for money transfer" every
 * Vietnamese banking app scans (NAPAS 247 specification, EMVCo Merchant-Presented Mode). Each
 * field is written ID (2 digits), length (2 digits), value; the payload ends with field 63, the
 * CRC-16/CCITT-FALSE of everything before it, "6304" included.
 *
 * - 00 "01": payload format; 01 "12": dynamic (for one payment, with its amount);
 * - 38: merchant account information: 00 the NAPAS GUID "A000000727", 01 the beneficiary
 *   (00 the bank's BIN, 01 the account number), 02 the service "QRIBFTTA" (transfer to an account);
 * - 53 "704": dong; 54: the amount; 58 "VN"; 62: additional data, its 08 the transfer note.
 */

export interface VietQrTransfer {
  /** The receiving bank's NAPAS BIN, six digits (e.g. 970436). */
  bin: string;
  /** The account number; spaces are dropped. */
  account: string;
  /** Whole dong. */
  amount: number;
  /** The transfer note (our top-up reference). */
  note: string;
}

export const VIETQR_GUID = 'A000000727';
export const VIETQR_SERVICE_ACCOUNT = 'QRIBFTTA';

/** One EMVCo field: ID, two-digit length, value. */
export function emvField(id: string, value: string): string {
  if (!/^\d{2}$/.test(id)) throw new Error(`EMVCo field ids are two digits: ${id}`);
  if (value.length > 99) throw new Error(`EMVCo field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF), four upper-case hex digits. */
export function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (let i = 0; i < text.length; i += 1) {
    crc ^= (text.charCodeAt(i) & 0xff) << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** The payload to draw as a QR code. Throws on a transfer no bank could read. */
export function vietQrPayload(transfer: VietQrTransfer): string {
  const account = transfer.account.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(transfer.bin)) throw new Error('A NAPAS BIN is six digits');
  if (!/^[0-9A-Za-z]{1,19}$/.test(account)) throw new Error('Invalid account number');
  if (!Number.isInteger(transfer.amount) || transfer.amount <= 0) {
    throw new Error('The amount is a positive whole number of dong');
  }
  // Banking apps take letters, digits and spaces in a note.
  if (!/^[0-9A-Za-z ]{1,25}$/.test(transfer.note)) throw new Error('Invalid transfer note');
  const beneficiary = emvField('00', transfer.bin) + emvField('01', account);
  const merchant =
    emvField('00', VIETQR_GUID) +
    emvField('01', beneficiary) +
    emvField('02', VIETQR_SERVICE_ACCOUNT);
  const body =
    emvField('00', '01') +
    emvField('01', '12') +
    emvField('38', merchant) +
    emvField('53', '704') +
    emvField('54', String(transfer.amount)) +
    emvField('58', 'VN') +
    emvField('62', emvField('08', transfer.note)) +
    '6304';
  return body + crc16CcittFalse(body);
}

/** The fields of an EMVCo payload (one level), by ID; undefined when it is not well formed. */
export function emvFields(payload: string): Map<string, string> | undefined {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < payload.length) {
    const id = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(payload.slice(at + 2, at + 4))) return undefined;
    const value = payload.slice(at + 4, at + 4 + length);
    if (value.length !== length) return undefined;
    fields.set(id, value);
    at += 4 + length;
  }
  return fields;
}

/** Whether the payload ends with the right CRC of what precedes it. */
export function hasValidCrc(payload: string): boolean {
  const body = payload.slice(0, -4);
  return body.endsWith('6304') && crc16CcittFalse(body) === payload.slice(-4);
}
