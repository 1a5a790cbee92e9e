/**
 * Every `code` an error response can carry (`{ success: false, statusCode, code, message, errors? }`).
 * Codes are stable: the web client branches on them, so a code is never renamed or reused once
 * shipped; the message beside it is for people and may change. Module codes are `<module>.<what>`;
 * the general ones below them answer what no module names more precisely.
 */
export const ERROR_CODES = [
  // General: the request itself, whatever the route.
  'bad-request',
  'validation-failed',
  'unauthenticated',
  'forbidden',
  'csrf-invalid',
  'not-found',
  'method-not-allowed',
  'request-timeout',
  'conflict',
  'payload-too-large',
  'uri-too-long',
  'unsupported-media-type',
  'headers-too-large',
  'rate-limited',
  'internal-error',
  'unavailable',
  // identity
  'identity.email-taken',
  'identity.wrong-credentials',
  'identity.email-not-verified',
  'identity.invalid-email-link',
  'identity.expired-email-link',
  'identity.captcha-failed',
  'identity.promo-unavailable',
  'identity.promo-already-used',
  'identity.provider-not-configured',
  'identity.provider-not-linked',
  'identity.last-sign-in-method',
  'identity.wrong-current-password',
  'identity.no-password-set',
  // listening
  'listening.fan-not-found',
  'listening.section-private',
  'listening.artist-not-found',
  'listening.import-not-found',
  'listening.import-not-uploading',
  'listening.too-many-open-imports',
  'listening.chunk-index-out-of-range',
  'listening.upload-quota-exceeded',
  'listening.listenbrainz-token-invalid',
  'listening.listenbrainz-unavailable',
  'listening.lastfm-not-configured',
  'listening.lastfm-unavailable',
  'listening.lastfm-auth-failed',
  'listening.username-taken',
  'listening.provider-not-connected',
  'listening.provider-connection-broken',
  'listening.provider-unavailable',
  // billing
  'billing.subscription-not-found',
  'billing.pie-already-running',
  'billing.promo-already-used',
  'billing.promo-not-eligible',
  'billing.promo-funds-exhausted',
  'billing.promo-codes-gone',
  'billing.promo-needs-verified-account',
  'billing.no-billing-account',
  'billing.payments-not-configured',
  // pies
  'pies.pie-not-found',
  'pies.period-not-found',
  'pies.pie-artist-not-found',
  'pies.artist-not-found',
  'pies.pie-not-live',
  'pies.too-many-included',
  'pies.promo-terms-fixed',
  // offices
  'offices.office-not-found',
  'offices.member-not-found',
  'offices.admin-only',
  'offices.last-admin',
  'offices.already-member',
  'offices.invitation-invalid',
  'offices.invitation-expired',
  'offices.invitation-used',
  'offices.invitation-for-someone-else',
  'offices.not-invited',
  'offices.office-required',
  'payouts.not-connected',
  'payouts.onboarding-incomplete',
  'payouts.payout-not-found',
  'payouts.transaction-not-found',
  'payouts.nothing-to-pay-out',
  'payouts.payout-in-progress',
  'payouts.not-enough-earnings',
  'payouts.disconnected',
  'payouts.account-deauthorized',
  'payouts.stripe-refused',
  'payouts.balance-mismatch',
  'payouts.claim-not-verified',
  // admin
  'admin.not-found',
  'admin.discovery-running',
  // claims
  'claims.claim-not-found',
  'claims.artist-not-found',
  'claims.admin-only',
  'claims.illegal-transition',
  'claims.artist-already-claimed',
  'claims.office-already-claims-artist',
  'claims.successful-cannot-be-deleted',
  'claims.office-is-payee',
  'claims.wrong-verification-string',
  'claims.office-required',
  'claims.not-the-artists-profile',
  'claims.not-a-profile-link',
  'claims.verification-failed',
  'claims.pages-unavailable',
  'claims.platform-not-configured',
  'claims.no-provider-profile',
  'claims.spotify-url-required',
  'claims.linked-page-required',
  'claims.no-spotify-profile',
  'claims.claimed-artist-not-found',
  'claims.invite-invalid',
  'claims.invite-expired',
  'claims.invite-used',
  'claims.already-reported',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The general code for an HTTP status, when nothing more precise is known. */
export function errorCodeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400: return 'bad-request';
    case 401: return 'unauthenticated';
    case 403: return 'forbidden';
    case 404: return 'not-found';
    case 405: return 'method-not-allowed';
    case 408: return 'request-timeout';
    case 409: return 'conflict';
    case 413: return 'payload-too-large';
    case 414: return 'uri-too-long';
    case 415: return 'unsupported-media-type';
    case 429: return 'rate-limited';
    case 431: return 'headers-too-large';
    case 503: return 'unavailable';
    default: return status >= 500 ? 'internal-error' : 'bad-request';
  }
}
