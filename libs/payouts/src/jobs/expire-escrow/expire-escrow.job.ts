import { defineJob } from '#pie/platform';

/** Daily: escrow nobody claimed within ESCROW_EXPIRY_DAYS goes back to the fans who gave it. */
export const ExpireEscrow = defineJob<Record<string, never>>('escrow', 'payouts.expire-escrow');
