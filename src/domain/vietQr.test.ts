import { describe, expect, it } from 'vitest';
import { crc16CcittFalse, emvField, emvFields, hasValidCrc, vietQrPayload } from './vietQr';

const TRANSFER = { bin: '970436', account: '0123 4567 8901', amount: 500_000, note: 'NAPACDEFGHJ' };

describe('crc16CcittFalse', () => {
  it('gives the known check value of "123456789"', () => {
    expect(crc16CcittFalse('123456789')).toBe('29B1');
  });
  it('pads to four hex digits', () => {
    expect(crc16CcittFalse('')).toBe('FFFF');
    expect(crc16CcittFalse('A')).toMatch(/^[0-9A-F]{4}$/);
  });
});

describe('emvField', () => {
  it('writes the id, a two-digit length and the value', () => {
    expect(emvField('58', 'VN')).toBe('5802VN');
    expect(emvField('54', '500000')).toBe('5406500000');
    expect(emvField('62', 'x'.repeat(12))).toBe(`6212${'x'.repeat(12)}`);
    expect(() => emvField('5', 'VN')).toThrow();
    expect(() => emvField('62', 'x'.repeat(100))).toThrow();
  });
});

describe('vietQrPayload', () => {
  const payload = vietQrPayload(TRANSFER);

  it('writes the NAPAS fields in order, with their lengths', () => {
    expect(payload).toBe(
      '000201' +
        '010212' +
        '3856' +
        '0010A000000727' +
        '0126' +
        '0006970436' +
        '0112012345678901' +
        '0208QRIBFTTA' +
        '5303704' +
        '5406500000' +
        '5802VN' +
        '6215' +
        '0811NAPACDEFGHJ' +
        '6304' +
        crc16CcittFalse(payload.slice(0, -4)),
    );
  });

  it('reads back: amount in 54, the note in 62/08, the account in 38/01, a valid CRC', () => {
    const fields = emvFields(payload)!;
    expect(fields.get('54')).toBe('500000');
    expect(fields.get('53')).toBe('704');
    expect(emvFields(fields.get('62')!)!.get('08')).toBe('NAPACDEFGHJ');
    const merchant = emvFields(fields.get('38')!)!;
    expect(merchant.get('00')).toBe('A000000727');
    expect(merchant.get('02')).toBe('QRIBFTTA');
    expect(Object.fromEntries(emvFields(merchant.get('01')!)!)).toEqual({
      '00': '970436',
      '01': '012345678901',
    });
    expect(hasValidCrc(payload)).toBe(true);
    expect(hasValidCrc(payload.replace('500000', '900000'))).toBe(false);
  });

  it('refuses what a bank could not read', () => {
    expect(() => vietQrPayload({ ...TRANSFER, bin: '97043' })).toThrow();
    expect(() => vietQrPayload({ ...TRANSFER, amount: 0 })).toThrow();
    expect(() => vietQrPayload({ ...TRANSFER, amount: 1.5 })).toThrow();
    expect(() => vietQrPayload({ ...TRANSFER, note: 'NẠP TIỀN' })).toThrow();
    expect(() => vietQrPayload({ ...TRANSFER, account: '12-34' })).toThrow();
  });
});
