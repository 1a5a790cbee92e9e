import { describe, expect, it } from 'vitest';
import { countryName, fanName, formatClock, formatCount, formatListened, formatMoney, NOUNS } from './format';

describe('listening formats', () => {
  it('says listened time in hours and minutes', () => {
    expect(formatListened(0)).toBe('0 min');
    expect(formatListened(30_000)).toBe('under a minute');
    expect(formatListened(42 * 60_000)).toBe('42 min');
    expect(formatListened(3 * 3_600_000)).toBe('3 h');
    expect(formatListened(3 * 3_600_000 + 25 * 60_000)).toBe('3 h 25 min');
    expect(formatListened(1234 * 3_600_000)).toBe('1,234 h');
  });

  it('counts with the noun in the form the number needs (Intl.PluralRules)', () => {
    expect(formatCount(1, NOUNS.newPlay)).toBe('1 new play');
    expect(formatCount(2, NOUNS.newPlay)).toBe('2 new plays');
    expect(formatCount(0, NOUNS.play)).toBe('0 plays');
    expect(formatCount(1234, NOUNS.country)).toBe('1,234 countries');
    expect(formatCount(1, NOUNS.country)).toBe('1 country');
  });

  it('writes a play’s length as a clock', () => {
    expect(formatClock(187_000)).toBe('3:07');
    expect(formatClock(3_725_000)).toBe('1:02:05');
  });

  it('names countries and fans', () => {
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('se')).toBe('Sweden');
    expect(fanName(null)).toBe('A Pie fan');
    expect(fanName('grace')).toBe('grace');
  });
});

describe('formatMoney', () => {
  it('writes a negative amount with the Unicode minus: −$8.41', () => {
    expect(formatMoney(-841)).toMatch(/^\u2212\$8\.41$|^\u22128[.,]41\s?\$$/);
    expect(formatMoney(-841)).not.toContain('-');
  });
});
