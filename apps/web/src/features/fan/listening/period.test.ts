import { describe, expect, it } from 'vitest';
import { addDays, dayStartIso, isDay, matchingPreset, periodLength, periodProblem, periodToApi, presetPeriod } from './period';

describe('periods of local days', () => {
  const now = new Date(2026, 2, 28, 15, 30); // 28 March 2026, local time

  it('knows real days', () => {
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2026-02-31')).toBe(false);
    expect(isDay('2026-2-3')).toBe(false);
    expect(isDay(null)).toBe(false);
  });

  it('builds the presets ending today', () => {
    expect(presetPeriod('last7', now)).toEqual({ from: '2026-03-22', to: '2026-03-28' });
    expect(presetPeriod('last28', now)).toEqual({ from: '2026-03-01', to: '2026-03-28' });
    expect(presetPeriod('last90', now)).toEqual({ from: '2025-12-29', to: '2026-03-28' });
    expect(presetPeriod('thisYear', now)).toEqual({ from: '2026-01-01', to: '2026-03-28' });
    expect(matchingPreset({ from: '2026-03-01', to: '2026-03-28' }, now)).toBe('last28');
    expect(matchingPreset({ from: '2026-03-02', to: '2026-03-28' }, now)).toBeNull();
    expect(periodLength({ from: '2026-03-01', to: '2026-03-28' })).toBe(28);
  });

  it('sends the start of the first day and the start of the day after the last (the API’s `to` is exclusive)', () => {
    const api = periodToApi({ from: '2026-03-01', to: '2026-03-28' });
    expect(api.from).toBe(new Date(2026, 2, 1).toISOString());
    expect(api.to).toBe(new Date(2026, 2, 29).toISOString());
    expect(dayStartIso('2026-01-31')).toBe(new Date(2026, 0, 31).toISOString());
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('explains a period it cannot use', () => {
    expect(periodProblem('2026-03-05', '2026-03-01')).toBe('The start date must be on or before the end date.');
    expect(periodProblem('', '2026-03-01')).toBe('Choose a start date.');
    expect(periodProblem('2026-03-01', 'soon')).toBe('Choose an end date.');
    expect(periodProblem('2026-03-01', '2026-03-01')).toBeNull();
  });
});
