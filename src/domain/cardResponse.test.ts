import { describe, expect, it } from 'vitest';
import { vi } from '../i18n/vi';
import { en } from '../i18n/en';
import { cardAnswer, cardReason, CARD_PENDING_CODES } from './cardResponse';

describe('cardAnswer', () => {
  it.each([
    ['0', 'approved'],
    ['00', 'approved'],
    ['99', 'cancelled'],
    ['099', 'cancelled'],
    ['300', 'pending'],
    ['0300', 'pending'],
    ['1', 'declined'],
    ['7', 'declined'],
    ['30', 'declined'],
    ['', 'declined'],
    ['0x0', 'declined'],
    [' 0', 'declined'],
    [undefined, 'declined'],
    [null, 'declined'],
  ] as const)('reads %j as %s', (code, answer) => {
    expect(cardAnswer(code)).toBe(answer);
  });

  it('reads every pending code as pending', () => {
    for (const code of CARD_PENDING_CODES) expect(cardAnswer(code)).toBe('pending');
  });
});

describe('cardReason', () => {
  it.each([
    ['1', 'bank_declined'],
    ['21', 'insufficient_funds'],
    ['99', 'cancelled'],
    ['300', 'pending'],
    ['00', 'approved'],
    ['42', 'other'],
    ['abc', 'other'],
    [null, 'other'],
  ] as const)('reads %j as %s', (code, reason) => {
    expect(cardReason(code)).toBe(reason);
  });

  it('has a message in both languages for every reason', () => {
    const codes = ['0', '1', '3', '5', '8', '10', '11', '13', '21', '25', '99', '253', '300', '7'];
    for (const code of codes) {
      const reason = cardReason(code);
      expect(vi.server.payment_reasons[reason], reason).toBeTruthy();
      expect(en.server.payment_reasons[reason], reason).toBeTruthy();
    }
  });
});
