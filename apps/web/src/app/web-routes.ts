/**
 * Every screen of spec/web-routes.tsv: its path, area, who may open it and what it is for.
 * The router (router.tsx) serves each of them; the unit tests and the browser suite
 * (test/e2e/web-shell.e2e.test.ts) check every one.
 */
export type WebRouteArea = 'public' | 'fan' | 'artist' | 'admin';
export type WebRouteAccess = 'open' | 'fan' | 'artist' | 'admin';

export interface WebRoute {
  path: string;
  area: WebRouteArea;
  access: WebRouteAccess;
  purpose: string;
}

export const WEB_ROUTES: readonly WebRoute[] = [
  { path: '/', area: 'public', access: 'open', purpose: 'landing' },
  { path: '/artist-invite/:token', area: 'public', access: 'open', purpose: 'artist invite redemption' },
  { path: '/login', area: 'public', access: 'open', purpose: 'fan login' },
  { path: '/register', area: 'public', access: 'open', purpose: 'fan registration' },
  { path: '/try', area: 'public', access: 'open', purpose: 'free promotion registration' },
  { path: '/artist/:id', area: 'public', access: 'open', purpose: 'public artist details' },
  { path: '/pie/:pieId', area: 'public', access: 'open', purpose: 'public pie' },
  { path: '/delete-account-instructions', area: 'public', access: 'open', purpose: 'instructions' },
  { path: '/error', area: 'public', access: 'open', purpose: 'error page' },
  { path: '/auth/fans/verify-email/:token', area: 'public', access: 'open', purpose: 'fan e-mail verification link' },
  { path: '/auth/for-artists/verify-email/:token', area: 'public', access: 'open', purpose: 'artist e-mail verification link' },
  { path: '/auth/fans/reset-password/:token', area: 'public', access: 'open', purpose: 'fan password reset link' },
  { path: '/auth/for-artists/reset-password/:token', area: 'public', access: 'open', purpose: 'artist password reset link' },
  { path: '/forgot-password', area: 'public', access: 'open', purpose: 'fan forgot password' },
  { path: '/for-artists/forgot-password', area: 'artist', access: 'open', purpose: 'artist forgot password' },
  { path: '/dashboard', area: 'fan', access: 'fan', purpose: 'dashboard' },
  { path: '/pie', area: 'fan', access: 'fan', purpose: 'pie, with create modal and rules' },
  { path: '/pie/successCheckout', area: 'fan', access: 'fan', purpose: 'after checkout' },
  { path: '/my-pies', area: 'fan', access: 'fan', purpose: 'my pies' },
  { path: '/history', area: 'fan', access: 'fan', purpose: 'listening history' },
  { path: '/settings', area: 'fan', access: 'fan', purpose: 'settings' },
  { path: '/pie/settings', area: 'fan', access: 'fan', purpose: 'pie settings' },
  { path: '/report', area: 'fan', access: 'fan', purpose: 'report' },
  { path: '/user/:userID', area: 'fan', access: 'fan', purpose: "another fan's profile" },
  { path: '/earth', area: 'fan', access: 'fan', purpose: 'world view' },
  // web-routes.tsv puts help behind the fan session; issue 16 opens it to visitors (the fees and
  // the split are what people want to read before they join).
  { path: '/help', area: 'fan', access: 'open', purpose: 'help' },
  { path: '/for-artists', area: 'artist', access: 'open', purpose: 'artist landing' },
  { path: '/for-artists/login', area: 'artist', access: 'open', purpose: 'artist login' },
  { path: '/for-artists/register', area: 'artist', access: 'open', purpose: 'artist registration' },
  { path: '/for-artists/office-invitation/:officeId', area: 'artist', access: 'open', purpose: 'office invitation (token query parameter)' },
  { path: '/for-artists/complete-registration', area: 'artist', access: 'open', purpose: 'complete registration' },
  { path: '/for-artists/error', area: 'artist', access: 'open', purpose: 'error' },
  { path: '/for-artists/artists', area: 'artist', access: 'artist', purpose: 'artists' },
  { path: '/for-artists/artists/:id', area: 'artist', access: 'artist', purpose: 'claim details' },
  { path: '/for-artists/claims/:id', area: 'artist', access: 'artist', purpose: 'claim' },
  { path: '/for-artists/funds', area: 'artist', access: 'artist', purpose: 'funds' },
  { path: '/for-artists/funds/payouts/:id', area: 'artist', access: 'artist', purpose: 'payout details' },
  { path: '/for-artists/funds/transactions/:id', area: 'artist', access: 'artist', purpose: 'transaction details' },
  { path: '/for-artists/team', area: 'artist', access: 'artist', purpose: 'team' },
  { path: '/for-artists/team/:memberId', area: 'artist', access: 'artist', purpose: 'team member' },
  { path: '/for-artists/give-back', area: 'artist', access: 'artist', purpose: 'give back' },
  { path: '/for-artists/settings', area: 'artist', access: 'artist', purpose: 'settings' },
  { path: '/for-artists/profile/update', area: 'artist', access: 'artist', purpose: 'profile update' },
  { path: '/for-artists/office-settings', area: 'artist', access: 'artist', purpose: 'office settings' },
  { path: '/for-artists/verification/twitter/success', area: 'artist', access: 'artist', purpose: 'verification result' },
  { path: '/for-artists/verification/twitter/failed', area: 'artist', access: 'artist', purpose: 'verification result' },
  { path: '/for-artists/verification/youtube/success', area: 'artist', access: 'artist', purpose: 'verification result' },
  { path: '/for-artists/verification/youtube/failed', area: 'artist', access: 'artist', purpose: 'verification result' },
  { path: '/for-artists/verification/facebook/success', area: 'artist', access: 'artist', purpose: 'verification result' },
  { path: '/for-artists/verification/facebook/failed', area: 'artist', access: 'artist', purpose: 'verification result' },
  { path: '/for-artists/verification/instagram/success', area: 'artist', access: 'artist', purpose: 'verification result' },
  { path: '/for-artists/verification/instagram/failed', area: 'artist', access: 'artist', purpose: 'verification result' },
  { path: '/admin', area: 'admin', access: 'open', purpose: 'admin login' },
  { path: '/admin/auth/google/callback', area: 'admin', access: 'open', purpose: 'admin Google sign-in callback' },
  { path: '/admin/dashboard', area: 'admin', access: 'admin', purpose: 'dashboard' },
  { path: '/admin/claims', area: 'admin', access: 'admin', purpose: 'claims' },
  { path: '/admin/claims/:id', area: 'admin', access: 'admin', purpose: 'claim' },
  { path: '/admin/artists', area: 'admin', access: 'admin', purpose: 'artists' },
  { path: '/admin/artists/:artistId', area: 'admin', access: 'admin', purpose: 'artist' },
  { path: '/admin/artists/:artistId/top-fans', area: 'admin', access: 'admin', purpose: 'artist top fans' },
  { path: '/admin/fans', area: 'admin', access: 'admin', purpose: 'fans' },
  { path: '/admin/fans/:id', area: 'admin', access: 'admin', purpose: 'fan' },
  { path: '/admin/user-artists', area: 'admin', access: 'admin', purpose: 'artist users' },
  { path: '/admin/user-artists/:id', area: 'admin', access: 'admin', purpose: 'artist user' },
  { path: '/admin/offices', area: 'admin', access: 'admin', purpose: 'offices' },
  { path: '/admin/offices/:id', area: 'admin', access: 'admin', purpose: 'office' },
  { path: '/admin/finances', area: 'admin', access: 'admin', purpose: 'finances' },
  { path: '/admin/transactions', area: 'admin', access: 'admin', purpose: 'transactions' },
  { path: '/admin/transactions/:id', area: 'admin', access: 'admin', purpose: 'transaction' },
];

/** The login screen of each guarded area: where a visitor without that session is sent. */
export const AREA_LOGIN: Record<Exclude<WebRouteAccess, 'open'>, string> = {
  fan: '/login',
  artist: '/for-artists/login',
  admin: '/admin',
};
