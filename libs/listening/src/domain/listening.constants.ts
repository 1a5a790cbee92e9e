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
/** An import job works this long before handing the rest of the upload back to the queue. */
export const IMPORT_SLICE_MS = 2_000;
/**
 * BullMQ priority of an import's continuation: jobs without a priority (polls, the scheduler) run
 * before any prioritized job, so imports use the `listening` queue's workers only when polls wait.
 */
export const IMPORT_PRIORITY = 10;
/** An import that made no progress for this long has lost its job (a crash, a lost message): it is queued again. */
export const STALLED_IMPORT_MINUTES = 10;
/** Times a stalled import is queued again before it is marked failed (and stops counting as open). */
export const MAX_IMPORT_RECOVERIES = 3;
/** Bytes of export rows a fan's unfinished uploads may hold at once. */
export const OPEN_UPLOAD_BYTE_QUOTA = 64 * 1024 * 1024;
/** Chunks a fan may send per minute. */
export const IMPORT_CHUNKS_PER_MINUTE = 120;
/** An upload nobody finished is removed after this long. */
export const ABANDONED_UPLOAD_HOURS = 24;
/**
 * Two sources' clocks for one play may disagree by this much (the export's `ts` against the API's
 * `played_at`): plays of one track by one fan whose end times agree within it (plus the format's
 * own precision) are one play. Two real plays of one track end at least its length apart.
 */
export const MATCH_SKEW_SECONDS = 10;
/**
 * The widest a play's end time may be known (`precision_s`): a scrobble's end lies anywhere from
 * the scrobble rule's minimum (half the track, at most 4 minutes after the start) to the track's
 * end, so a 24-minute track's window is 20 minutes (`scrobble-plays.ts`; longer ones are capped
 * here, like their listened time); the basic export's minute is 60 s. The cross-source match reads
 * this far back along the fan's key: a fan's plays of 20 minutes, a handful of index entries.
 */
export const MAX_PRECISION_SECONDS = 1200;
/** An export may date a play at most this far in the future (clock differences), never more. */
export const EXPORT_FUTURE_SKEW_MS = 5 * 60_000;
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
