import { describe, expect, it } from 'vitest';
import { formatDay, formatPeriod, formatUsd, oneLine } from './format.js';

describe('mail formats', () => {
  it('writes cents as the app does: dollars with separators, a true minus sign', () => {
    expect(formatUsd(841)).toBe('$8.41');
    expect(formatUsd(5)).toBe('$0.05');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(125_000)).toBe('$1,250.00');
    expect(formatUsd(-59)).toBe('\u2212$0.59');
    expect(() => formatUsd(8.41)).toThrow(/integer cents/);
  });

  it('writes days in UTC and a period as its first and last day', () => {
    expect(formatDay('2026-10-31T23:30:00Z')).toBe('Oct 31, 2026');
    expect(formatPeriod('2026-10-01T00:00:00Z', '2026-10-31T00:00:00Z')).toBe('Oct 1, 2026 – Oct 30, 2026');
    expect(formatPeriod(new Date('2026-10-01T14:23:00Z'), new Date('2026-10-31T14:23:00Z'))).toBe('Oct 1, 2026 – Oct 31, 2026');
  });

  it('puts outside text on one line', () => {
    expect(oneLine('Björk\n\u202eevil\u0000  Band')).toBe('Björk evil Band');
  });
});
