import { describe, expect, it } from 'vitest';
import { cardAnswer } from './cardResponse';

describe('cardAnswer', () => {
  it.each([
    ['0', 'approved'],
    ['00', 'approved'],
    ['99', 'cancelled'],
    ['099', 'cancelled'],
    ['1', 'declined'],
    ['7', 'declined'],
    ['', 'declined'],
    ['0x0', 'declined'],
    [' 0', 'declined'],
    [undefined, 'declined'],
    [null, 'declined'],
  ] as const)('reads %j as %s', (code, answer) => {
    expect(cardAnswer(code)).toBe(answer);
  });
});
