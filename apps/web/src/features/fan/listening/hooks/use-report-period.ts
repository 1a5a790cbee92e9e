import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { isDay, periodProblem, presetPeriod, type DayPeriod } from '../period';

/**
 * The report's period, in the URL (`?from=2026-01-01&to=2026-01-28`, local days, both included);
 * the last 28 days when the URL names none. A malformed or reversed period is reported, not used.
 */
export function useReportPeriod() {
  const [params, setParams] = useSearchParams();
  const [fallback] = useState(() => presetPeriod('last28'));
  const fromParam = params.get('from');
  const toParam = params.get('to');
  const given = fromParam !== null || toParam !== null;
  const problem = given ? periodProblem(fromParam, toParam) : null;
  const period: DayPeriod | null = !given ? fallback : problem ? null : { from: fromParam!, to: toParam! };

  return {
    period,
    problem,
    /** What the pickers show. */
    fields: { from: isDay(fromParam) ? fromParam : given ? '' : fallback.from, to: isDay(toParam) ? toParam : given ? '' : fallback.to },
    choose: (next: DayPeriod) => setParams(new URLSearchParams({ from: next.from, to: next.to })),
  };
}
