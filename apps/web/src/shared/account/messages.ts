import { serverMessage } from '../api';

export const REGISTRATION_FAILED = 'Registration failed. Please try again.';
export const PROMO_ALREADY_USED =
  'You have already used the free PIE promotion. Each user can only use this offer once.';

/** Spec §8: a message containing this becomes PROMO_ALREADY_USED. */
const PROMO_USED_MARKER = 'already used the free pie promotion';

/** Spec §8, for any message (the server's answer or a `?error=` from a sign-in round trip). */
export function promotionAwareMessage(message: string): string {
  return message.toLowerCase().includes(PROMO_USED_MARKER) ? PROMO_ALREADY_USED : message;
}

/** Spec §8: the server's message, the promotion wording, or the fallback. */
export function registrationErrorMessage(error: unknown): string {
  // A failure before the call (the captcha) says what it is.
  if (error instanceof Error && error.message) return error.message;
  const message = serverMessage(error);
  return message ? promotionAwareMessage(message) : REGISTRATION_FAILED;
}
