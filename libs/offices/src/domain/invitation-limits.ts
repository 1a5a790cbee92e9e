import { RateLimit, TooManyRequestsException, type AppConfig, type RateLimiter } from '#pie/platform';

/**
 * Every invitation and every resend is a mail from Pie's own sender. The person sending is limited
 * at the door (per signed-in sender and per IP); the office and the recipient address are counted
 * only once the sender is known to be that office's admin (`limitInvitationMail`), so nobody can
 * use up another office's allowance or block an address by calling for an office that is not theirs.
 */
export const INVITATION_SENDER_LIMIT = RateLimit(
  { name: 'office-invitations:sender', by: 'subject', limit: 20, windowSeconds: 3600 },
  { name: 'office-invitations:ip', by: 'ip', limit: 200, windowSeconds: 3600 },
);

export const INVITATIONS_PER_OFFICE_PER_HOUR = 20;
/** One address gets at most this many invitation mails an hour, from all offices together. */
export const INVITATIONS_PER_RECIPIENT_PER_HOUR = 3;

export async function limitInvitationMail(limiter: RateLimiter, config: AppConfig, officeId: string, email: string): Promise<void> {
  if (!config.RATE_LIMIT_ENABLED) return;
  const waits = [
    await limiter.hit(`office-invitations:office:${officeId}`, INVITATIONS_PER_OFFICE_PER_HOUR, 3600),
    await limiter.hit(`office-invitations:recipient:${email.trim().toLowerCase()}`, INVITATIONS_PER_RECIPIENT_PER_HOUR, 3600),
  ];
  const wait = Math.max(...waits);
  if (wait > 0) throw new TooManyRequestsException(wait);
}
