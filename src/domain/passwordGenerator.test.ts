import { describe, expect, it } from 'vitest';
import {
  GENERATED_PASSWORD_LENGTH,
  generatePassword,
  type RandomSource,
} from './passwordGenerator';
import { SERVER_PASSWORD_MIN_LENGTH, validateServerPassword } from './serverRules';

describe('generatePassword', () => {
  it('always satisfies the server password rule of the spec', () => {
    for (let run = 0; run < 500; run += 1) {
      const password = generatePassword();
      expect(validateServerPassword(password)).toBeUndefined();
      expect(password).toHaveLength(GENERATED_PASSWORD_LENGTH);
    }
  });

  it('contains an upper-case letter, a lower-case letter, a digit and a listed special', () => {
    for (let run = 0; run < 200; run += 1) {
      const password = generatePassword();
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[0-9]/);
      expect(password).toMatch(/[!@#$%^&*+=]/);
    }
  });

  it('gives a different password each time', () => {
    const passwords = new Set(Array.from({ length: 100 }, () => generatePassword()));
    expect(passwords.size).toBe(100);
  });

  it('honours a requested length and never goes below the four classes', () => {
    expect(generatePassword(SERVER_PASSWORD_MIN_LENGTH)).toHaveLength(SERVER_PASSWORD_MIN_LENGTH);
    expect(generatePassword(32)).toHaveLength(32);
    expect(generatePassword(2)).toHaveLength(4);
  });

  it('draws from the given random source, rejecting words that would bias the choice', () => {
    // A source that first answers the top word (rejected for every bound) and then zeros.
    let calls = 0;
    const source: RandomSource = (array) => {
      array[0] = calls === 0 ? 0xffff_ffff : 0;
      calls += 1;
      return array;
    };
    const password = generatePassword(4, source);
    expect(password).toHaveLength(4);
    expect(validateServerPassword(password + 'Aa1!Aa')).toBeUndefined();
    expect(calls).toBeGreaterThan(4);
  });
});
