import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { openDatabase, IN_MEMORY } from '../platform/db';
import { AREA_MIGRATIONS } from '../handlers';
import { acceptSecondFactor, confirmEnrolment, startEnrolment, twoFactorState } from './twoFactor';

// RFC 6238 Appendix B: the SHA-1 seed is the ASCII string "12345678901234567890".
const RFC_SECRET = Secret.fromLatin1('12345678901234567890');
const RFC_SHA1_VECTORS: [seconds: number, code: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238 test vectors)', () => {
  it.each(RFC_SHA1_VECTORS)('at %i s the SHA-1 code is %s', (seconds, code) => {
    const timestamp = seconds * 1000;
    expect(TOTP.generate({ secret: RFC_SECRET, algorithm: 'SHA1', digits: 8, timestamp })).toBe(
      code,
    );
  });

  it('the sandbox accepts the vectors six-digit codes (their last six digits), each once', () => {
    const db = openDatabase(IN_MEMORY, AREA_MIGRATIONS);
    const user = db
      .prepare(
        `INSERT INTO users (email, password_hash, fullname, phone, formatted_phone, created_at)
         VALUES ('rfc@example.vn', 'x', 'RFC', '+84987654321', '098', '2025-01-01T00:00:00Z')
         RETURNING id`,
      )
      .get() as { id: number };
    startEnrolment(db, { id: user.id, email: 'rfc@example.vn' }, new Date(0));
    db.prepare('UPDATE two_factor SET secret = ? WHERE user_id = ?').run(
      RFC_SECRET.base32,
      user.id,
    );
    const [first, ...rest] = RFC_SHA1_VECTORS.slice(1);
    const at = ([seconds]: [number, string]) => new Date(seconds * 1000);
    const sixDigits = ([, code]: [number, string]) => code.slice(2);

    // Enrolment is confirmed by the first vector; the others sign in, in time order.
    expect(confirmEnrolment(db, user.id, sixDigits(first!), at(first!))).toHaveLength(10);
    expect(twoFactorState(db, user.id)).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    for (const vector of rest) {
      expect(acceptSecondFactor(db, user.id, sixDigits(vector), at(vector))).toBe(true);
      // The same code, at the same moment: refused (no replay within its window).
      expect(acceptSecondFactor(db, user.id, sixDigits(vector), at(vector))).toBe(false);
    }
    // A code of a step that is not the current one (±1) is refused.
    expect(acceptSecondFactor(db, user.id, '287082', at(rest.at(-1)!))).toBe(false);
  });
});
