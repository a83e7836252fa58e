import { describe, expect, it } from 'vitest';

import { vi as vietnamese } from '../i18n/vi';
import {
  isTicketContactTime,
  TICKET_CONTACT_TIMES,
  TICKET_CONTENT_MAX_LENGTH,
  TICKET_SUBJECT_MAX_LENGTH,
  validateTicketContent,
  validateTicketSubject,
} from './ticketRules';

/** The contract's pattern for CreateTicketRequest.preferred_time. */
const CONTRACT_PATTERN = /^(0[0-5]:[03]0|06:00|2[1-3]:[03]0)$/;

describe('the preferred contact times (spec §9)', () => {
  it('are every half hour from 00:00 to 06:00 and from 21:00 to 23:30', () => {
    expect(TICKET_CONTACT_TIMES).toEqual([
      '00:00', '00:30', '01:00', '01:30', '02:00', '02:30', '03:00', '03:30', '04:00', '04:30',
      '05:00', '05:30', '06:00', '21:00', '21:30', '22:00', '22:30', '23:00', '23:30',
    ]); // prettier-ignore
  });

  it('are exactly what the contract accepts', () => {
    const everyHalfHour = Array.from({ length: 48 }, (_, index) => {
      const hour = String(Math.floor(index / 2)).padStart(2, '0');
      return `${hour}:${index % 2 ? '30' : '00'}`;
    });
    for (const time of everyHalfHour) {
      expect(isTicketContactTime(time), time).toBe(CONTRACT_PATTERN.test(time));
    }
    expect(isTicketContactTime('06:30')).toBe(false);
    expect(isTicketContactTime('20:30')).toBe(false);
  });
});

describe('validateTicketSubject and validateTicketContent (spec §5: both required)', () => {
  it('ask for a subject and a content that are not blank', () => {
    // Invisible characters alone are blank too: a zero-width space, a joiner, a byte-order mark.
    for (const blank of [undefined, '', '   ', '\n\t', '\u200B', ' \u200D\uFEFF\u00AD ']) {
      expect(validateTicketSubject(blank)).toBe('validation.ticket_subject_required');
      expect(validateTicketContent(blank)).toBe('validation.ticket_content_required');
    }
  });

  it('accept text up to the contract’s length, counted in characters', () => {
    expect(validateTicketSubject('Máy chủ không khởi động')).toBeUndefined();
    expect(validateTicketSubject('😀'.repeat(TICKET_SUBJECT_MAX_LENGTH))).toBeUndefined();
    expect(validateTicketSubject('a'.repeat(TICKET_SUBJECT_MAX_LENGTH + 1))).toBe(
      'validation.ticket_subject_too_long',
    );
    expect(validateTicketContent('Dòng 1\nDòng 2')).toBeUndefined();
    expect(validateTicketContent('a'.repeat(TICKET_CONTENT_MAX_LENGTH + 1))).toBe(
      'validation.ticket_content_too_long',
    );
  });

  it('answer keys that have a message', () => {
    const keys = [
      validateTicketSubject(''),
      validateTicketSubject('a'.repeat(TICKET_SUBJECT_MAX_LENGTH + 1)),
      validateTicketContent(''),
      validateTicketContent('a'.repeat(TICKET_CONTENT_MAX_LENGTH + 1)),
    ];
    for (const key of keys) {
      const [group, name] = (key as string).split('.') as ['validation', string];
      expect(vietnamese[group][name as keyof (typeof vietnamese)['validation']]).toBeTruthy();
    }
  });
});
