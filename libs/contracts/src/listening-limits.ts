// Kept apart from listening.ts (zod schemas) so the web screens can read them without loading zod.

/** Spec §9: artist lists default to 50 per page. */
export const ARTIST_LIST_PAGE_SIZE = 50;
export const LISTENING_PAGE_SIZE = 50;
export const LISTENING_MAX_PAGE_SIZE = 100;
/** Export uploads: each request is one chunk of at most this many rows (and the API's 1 MB body limit). */
export const IMPORT_MAX_ROWS_PER_CHUNK = 10_000;
export const IMPORT_MAX_CHUNKS = 500;
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,30}$/;
