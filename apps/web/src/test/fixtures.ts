import type { AdminProfile, ArtistUser, FanUser } from '#pie/contracts';

/** A signed-in fan as GET /api/user returns them. */
export function makeFanUser(overrides: Partial<FanUser> = {}): FanUser {
  return {
    _id: 'fan_1',
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
    email_verified: true,
    promo_eligible: false,
    used_promotion_code: false,
    stripe_customer_id: null,
    created_at: '2026-01-01T00:00:00.000Z',
    linked_accounts: [],
    has_password: true,
    ...overrides,
  };
}

/** A signed-in artist as GET /api/for-artists/user returns them (profile complete unless overridden). */
export function makeArtistUser(overrides: Partial<ArtistUser> = {}): ArtistUser {
  const user: ArtistUser = {
    _id: 'artist_1',
    email: 'nina@example.com',
    first_name: 'Nina',
    last_name: 'Simone',
    phone_number: '+1 555 0100',
    country: 'US',
    office: [],
    email_verified: true,
    profile_complete: true,
    linked_accounts: [],
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
  user.profile_complete = Boolean(user.first_name && user.last_name && user.phone_number && user.country);
  return user;
}

export function makeAdmin(overrides: Partial<AdminProfile> = {}): AdminProfile {
  return { _id: 'admin_1', email: 'grace@pie.local', name: 'Grace Hopper', ...overrides };
}

/** 43 base64url characters, like the tokens in e-mail links. */
export const EMAIL_TOKEN = 'A'.repeat(20) + '_-' + 'b'.repeat(21);
