// Kept apart from identity.ts (zod schemas) so the web forms can read them without loading zod.

/** Limits shared by the server's checks and the screens' hints. */
export const PASSWORD_MIN_LENGTH = 8;
/** argon2 hashes anything, but a megabyte password is a denial-of-service, not a password. */
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const PROMO_CODES = ['try'] as const;
/**
 * What counts as an e-mail address: zod's default (`z.regexes.email`), written out so the web
 * forms check the same format without loading zod. Verbatim, escapes included: a web unit test
 * compares it with zod's.
 */
// eslint-disable-next-line no-useless-escape
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
