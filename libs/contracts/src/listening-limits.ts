// Kept apart from listening.ts (zod schemas) so the web screens can read them without loading zod.

/** Spec §9: artist lists default to 50 per page. */
export const ARTIST_LIST_PAGE_SIZE = 50;
export const LISTENING_PAGE_SIZE = 50;
export const LISTENING_MAX_PAGE_SIZE = 100;
/** Export uploads: each request is one chunk of at most this many rows (and the API's 1 MB body limit). */
export const IMPORT_MAX_ROWS_PER_CHUNK = 10_000;
export const IMPORT_MAX_CHUNKS = 500;
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,30}$/;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
/** What a username breaking each rule is told (the API's schema and the settings form alike). */
export const USERNAME_MESSAGES = {
  required: 'Username is required',
  short: `Username must be at least ${USERNAME_MIN_LENGTH} characters`,
  long: `Username must be at most ${USERNAME_MAX_LENGTH} characters`,
  format: 'Username may contain only letters, digits, dots, dashes and underscores',
} as const;
