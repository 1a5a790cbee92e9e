/** Every connected fan is polled about this often: well inside the provider's two-hour window of 50 plays. */
export const POLL_INTERVAL_MS = 60 * 60_000;
/** Each fan's next poll lands anywhere in ±15 % of the interval, so polls spread over the hour. */
export const POLL_JITTER = 0.15;
/** How often the scheduler looks for fans who are due. */
export const SCHEDULER_TICK_MS = 60_000;
/** At most this many fans are handed to the queue per tick (the rest wait for the next one). */
export const FANS_PER_TICK = 2_000;
/** Connected fans read from identity per tick when reconciling (fans who connected before listening existed). */
export const RECONCILE_PAGE = 500;
/** The provider's recently-played endpoint returns at most 50 plays a call. */
export const RECENTLY_PLAYED_LIMIT = 50;
/** Follow-up pages a single poll may read when the provider has more than one page after the cursor. */
export const MAX_PAGES_PER_POLL = 10;
/** The provider's "several tracks / artists" endpoints take at most 50 ids. */
export const CATALOGUE_BATCH = 50;
/** Batches one catalogue job works through before handing over to a fresh job. */
export const CATALOGUE_BATCHES_PER_JOB = 20;
/** A catalogue entry the provider keeps not returning is left orphaned after this many tries. */
export const CATALOGUE_MAX_ATTEMPTS = 5;
/** Popularity looks at this many days of listening (DESIGN §6). */
export const POPULARITY_WINDOW_DAYS = 28;
/** An upload nobody finished is removed after this long. */
export const ABANDONED_UPLOAD_HOURS = 24;
/** The one provider the listening module reads today. */
export const PROVIDER = 'spotify' as const;

/** The next poll time: one interval from `now`, jittered. */
export function nextPollAt(now: Date, random: () => number = Math.random): Date {
  const factor = 1 - POLL_JITTER + random() * 2 * POLL_JITTER;
  return new Date(now.getTime() + Math.round(POLL_INTERVAL_MS * factor));
}

/** A first poll for a fan found by reconciliation: anywhere in the coming interval, so a backlog spreads out. */
export function spreadPollAt(now: Date, random: () => number = Math.random): Date {
  return new Date(now.getTime() + Math.round(POLL_INTERVAL_MS * random()));
}
