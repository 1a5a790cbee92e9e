import { describe, expect, it } from 'vitest';
import { countryName, fanName, formatClock, formatListened } from './format';

describe('listening formats', () => {
  it('says listened time in hours and minutes', () => {
    expect(formatListened(0)).toBe('none');
    expect(formatListened(30_000)).toBe('under a minute');
    expect(formatListened(42 * 60_000)).toBe('42 min');
    expect(formatListened(3 * 3_600_000)).toBe('3 h');
    expect(formatListened(3 * 3_600_000 + 25 * 60_000)).toBe('3 h 25 min');
    expect(formatListened(1234 * 3_600_000)).toBe('1,234 h');
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
