/*
 * One definition of a window of days for every figure (issue 16): "the last N days" are N whole
 * calendar days, today included, so the dashboard's card, its chart, the top lists and the
 * reports add up to the same totals.
 *
 * - A fan's own listening: days in the fan's time zone (their profile's, taken from the browser at
 *   sign-up; UTC until Pie knows it). Today is the fan's today.
 * - An artist's listeners, "fans who listened" and popularity (many fans, many zones): UTC days.
 */

/** The fan's time zone as SQL, for a fan id expression. */
export const fanZone = (fan: string) => `coalesce((select fp.time_zone from listening.fan_profiles fp where fp.fan_id = ${fan}), 'UTC')`;

/** The fan's today (a date) in their time zone. */
export const fanToday = (fan: string) => `(now() at time zone ${fanZone(fan)})::date`;

/** The first local day of the fan's last `days` days (a date). */
export const fanWindowFirstDay = (fan: string, days: string) => `(${fanToday(fan)} - (${days}::int - 1))`;

/** The instant the fan's last `days` days begin (a timestamptz): local midnight of the first day. */
export const fanWindowStart = (fan: string, days: string) => `(${fanWindowFirstDay(fan, days)}::timestamp at time zone ${fanZone(fan)})`;

/** The instant the last `days` UTC days begin: the artist-side window. */
export const utcWindowStart = (days: string) => `(((now() at time zone 'UTC')::date - (${days}::int - 1))::timestamp at time zone 'UTC')`;
