import { sql, type Expression } from 'kysely';

/*
 * One definition of a window of days for every figure (issue 16): "the last N days" are N whole
 * calendar days, today included, so the dashboard's card, its chart, the top lists and the
 * reports add up to the same totals.
 *
 * - A fan's own listening: days in the fan's time zone (their profile's, taken from the browser at
 *   sign-up; UTC until Pie knows it). Today is the fan's today.
 * - An artist's listeners, "fans who listened" and popularity (many fans, many zones): UTC days.
 *
 * Each is a typed SQL expression: a fan id or a number passed as a value is a bound parameter, a
 * column goes as `sql.ref('p.fan_id')`.
 */

/** The fan's time zone, for a fan id (a value or a column). */
export const fanZone = (fan: string | Expression<string>) =>
  sql<string>`coalesce((select fp.time_zone from listening.fan_profiles fp where fp.fan_id = ${fan}), 'UTC')`;

/** The fan's today (a date) in their time zone. */
export const fanToday = (fan: string | Expression<string>) => sql<string>`(now() at time zone ${fanZone(fan)})::date`;

/** The first local day of the fan's last `days` days (a date). */
export const fanWindowFirstDay = (fan: string | Expression<string>, days: number | Expression<number>) => sql<string>`(${fanToday(fan)} - (${days}::int - 1))`;

/** The instant the fan's last `days` days begin (a timestamptz): local midnight of the first day. */
export const fanWindowStart = (fan: string | Expression<string>, days: number | Expression<number>) =>
  sql<string>`(${fanWindowFirstDay(fan, days)}::timestamp at time zone ${fanZone(fan)})`;

/** The instant the last `days` UTC days begin: the artist-side window (null `days`: null). */
export const utcWindowStart = (days: number | null) => sql<string | null>`(((now() at time zone 'UTC')::date - (${days}::int - 1))::timestamp at time zone 'UTC')`;

/** The local day of `played` (a timestamptz) in the time zone `zone`. */
export const localDay = (played: Expression<string>, zone: Expression<string>) => sql<string>`((${played}) at time zone ${zone})::date`;
