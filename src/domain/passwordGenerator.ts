/**
 * Strong server passwords for the reset-password and rebuild dialogs: random characters from the
 * alphabet `validateServerPassword` accepts (spec: letters, digits and the listed specials), with
 * every one of the four classes present, so a generated password always passes the rule.
 */
import { SERVER_PASSWORD_SPECIALS } from './serverRules';

/** Long enough to be strong, short enough to type from a phone if it must be. */
export const GENERATED_PASSWORD_LENGTH = 16;

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
/** Letters and digits that read alike (I, l, O, 0, 1) are left out of the classes above. */
const CLASSES = [UPPER, LOWER, DIGITS, SERVER_PASSWORD_SPECIALS] as const;
const ALPHABET = CLASSES.join('');

/** Fills the array with random words and answers it, as `crypto.getRandomValues` does. */
export type RandomSource = (array: Uint32Array<ArrayBuffer>) => Uint32Array<ArrayBuffer>;

/** A uniformly random whole number in [0, bound), by rejection sampling (no modulo bias). */
function randomIndex(bound: number, random: RandomSource): number {
  const limit = Math.floor(0x1_0000_0000 / bound) * bound;
  const word = new Uint32Array(1);
  for (;;) {
    const value = random(word)[0] ?? 0;
    if (value < limit) return value % bound;
  }
}

function pick(characters: string, random: RandomSource): string {
  return characters.charAt(randomIndex(characters.length, random));
}

/**
 * A new password of `length` characters (at least the four classes' count) that satisfies
 * `validateServerPassword`. `random` is the platform's CSPRNG unless a test passes its own.
 */
export function generatePassword(
  length: number = GENERATED_PASSWORD_LENGTH,
  random: RandomSource = (array) => globalThis.crypto.getRandomValues(array),
): string {
  const size = Math.max(length, CLASSES.length);
  const characters = CLASSES.map((characterClass) => pick(characterClass, random));
  while (characters.length < size) characters.push(pick(ALPHABET, random));
  // Fisher–Yates, so the guaranteed characters do not sit at the front.
  for (let index = characters.length - 1; index > 0; index -= 1) {
    const other = randomIndex(index + 1, random);
    [characters[index], characters[other]] = [characters[other] ?? '', characters[index] ?? ''];
  }
  return characters.join('');
}
