/**
 * Why a social sign-in or account-link round trip failed. The server puts only the code in the
 * landing page's address (`?error=<code>`); the web shows its own text for it, so nobody can put
 * words on a Pie page by handing someone a crafted link.
 */
export const SIGN_IN_ERROR_TEXTS = {
  other_browser: 'Sign-in could not be completed in this browser. Please start again from this page.',
  wrong_session: 'Linking could not be completed: sign in to the account that started it, then link again.',
  account_gone: 'This account no longer exists.',
  expired: 'Sign-in could not be completed (the link expired or was already used). Please try again.',
  cancelled: 'Sign-in was cancelled. You can try again, or use another way to sign in.',
  incomplete: 'The provider did not complete the sign-in. Please try again.',
  already_linked: 'This account is already linked to another Pie account.',
  email_exists: 'An account with this e-mail already exists. Log in with your password, then link the account in Settings.',
  not_admin: 'This Google account is not an admin of Pie.',
  promo_unavailable: 'No promotion codes are available',
  promo_used: 'You have already used the free PIE promotion. Each user can only use this offer once.',
  failed: 'Sign-in failed. Please try again.',
} as const;

export type SignInErrorCode = keyof typeof SIGN_IN_ERROR_TEXTS;

export function isSignInErrorCode(value: string): value is SignInErrorCode {
  return Object.hasOwn(SIGN_IN_ERROR_TEXTS, value);
}

/** The text for `?error=`: ours for a known code, the generic one for anything else, null without one. */
export function signInErrorText(code: string | null | undefined): string | null {
  if (!code) return null;
  return isSignInErrorCode(code) ? SIGN_IN_ERROR_TEXTS[code] : SIGN_IN_ERROR_TEXTS.failed;
}
