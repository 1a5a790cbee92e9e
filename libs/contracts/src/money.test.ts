import { describe, expect, it } from 'vitest';
import { formatUsd, MINUS } from './money.js';

describe('formatUsd', () => {
  it('writes a negative amount with the Unicode minus, in every locale', () => {
    expect(formatUsd(-841)).toBe(`${MINUS}$8.41`);
    expect(formatUsd(-841)).not.toContain('-');
    expect(formatUsd(125_000)).toBe('$1,250.00');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(-5, 'de-DE')).toMatch(new RegExp(`^${MINUS}0,05\\s\\$$`));
  });
});
