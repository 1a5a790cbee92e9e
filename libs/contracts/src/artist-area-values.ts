/*
 * The artist area's texts and lists of values (artist-area.ts's schemas use them), zod-free: a
 * screen that shows them loads no schema library for them (the bundler keeps a module's import of
 * zod once the module is in, even for a constant).
 */

/** The claim wizard's texts (spec §5), shared by the form and the server's 400s. */
export const CLAIM_MESSAGES = {
  selectArtist: 'Please select an artist',
  waiver: 'You must agree to the waiver',
  fundsTerms: 'You must agree to the funds terms',
  terms: 'You must agree to the terms and conditions',
  method: 'Please select a verification method',
  platform: 'Please select a social platform',
  verificationString: 'Verification string is required',
} as const;

export const SOCIAL_PLATFORMS = ['twitter', 'youtube', 'facebook', 'instagram'] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];
export const SOCIAL_PLATFORM_LABELS: Record<SocialPlatform, string> = { twitter: 'X (Twitter)', youtube: 'YouTube', facebook: 'Facebook', instagram: 'Instagram' };

/**
 * Why a social verification failed, as the callback tells the result page (`?reason=`): a code from
 * this list, never free text, so the page shows only words Pie wrote.
 */
export const SOCIAL_VERIFICATION_FAILURES = ['no-answer', 'link-expired', 'cancelled', 'no-linked-account', 'other-account', 'not-confirmed', 'claimed-elsewhere', 'claim-closed'] as const;
export type SocialVerificationFailure = (typeof SOCIAL_VERIFICATION_FAILURES)[number];

/** Each failure in words (`platform`: the platform's label). */
export function socialVerificationFailureText(reason: SocialVerificationFailure, platform: string): string {
  switch (reason) {
    case 'no-answer':
      return 'The sign-in did not come back from the platform.';
    case 'link-expired':
      return 'This sign-in link has expired. Start the verification again.';
    case 'cancelled':
      return `The ${platform} sign-in was cancelled.`;
    case 'no-linked-account':
      return `The artist’s Spotify profile (or, for an artist known only from scrobbles, their MusicBrainz entry) links to no ${platform} account.`;
    case 'other-account':
      return `The ${platform} account you signed in with is not the one the artist’s Spotify profile (or MusicBrainz entry) links to.`;
    case 'not-confirmed':
      return `${platform} did not confirm the sign-in. Please try again.`;
    case 'claimed-elsewhere':
      return 'Another office has already claimed this artist.';
    case 'claim-closed':
      return 'This claim can no longer be verified: open it to see where it stands.';
  }
}
export const VERIFICATION_METHODS = ['bio', 'social'] as const;
export type VerificationMethod = (typeof VERIFICATION_METHODS)[number];
export const CLAIM_STATUSES = ['pending', 'verifying', 'successful', 'rejected', 'cancelled'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
export const OFFICE_TYPES = ['artist', 'band', 'label', 'management', 'publisher', 'other'] as const;
export type OfficeType = (typeof OFFICE_TYPES)[number];
export const OFFICE_ROLES = ['admin', 'member'] as const;
export type OfficeRole = (typeof OFFICE_ROLES)[number];
