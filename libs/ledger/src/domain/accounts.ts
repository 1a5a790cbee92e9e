/**
 * Ledger accounts (DESIGN §5). An account is named by its code: the kind alone for the platform's
 * own accounts (`stripe_clearing`), `kind:<owner uuid>` for per-owner ones (`fan_wallet:<fan id>`).
 *
 * Sign convention: a posting's amount is what flows INTO the account (positive) or out of it
 * (negative); an account's balance is the sum of its postings, and every journal sums to zero.
 * `stripe_clearing` is the boundary with Stripe: money arriving from Stripe is posted out of it
 * (negative), money going back out through Stripe (refunds, payouts) into it, so its balance is
 * minus what the platform holds at Stripe. `refunds` carries platform losses (negative = lost).
 * Those two may go negative; every other account never can (Postgres refuses it).
 */
export const PLATFORM_ACCOUNT_KINDS = ['stripe_clearing', 'processor_fees', 'platform_fees', 'promo_pool', 'refunds'] as const;
export const OWNED_ACCOUNT_KINDS = ['fan_wallet', 'artist_escrow', 'office_earnings', 'office_connected'] as const;

export type PlatformAccountKind = (typeof PLATFORM_ACCOUNT_KINDS)[number];
export type OwnedAccountKind = (typeof OWNED_ACCOUNT_KINDS)[number];
export type AccountKind = PlatformAccountKind | OwnedAccountKind;
/** `stripe_clearing` or `fan_wallet:<uuid>`. */
export type AccountCode = PlatformAccountKind | `${OwnedAccountKind}:${string}`;

/** Kinds whose balance may be negative (the boundary with Stripe and the platform's losses). */
export const NEGATIVE_ALLOWED_KINDS: readonly AccountKind[] = ['stripe_clearing', 'refunds'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface ParsedAccount {
  code: AccountCode;
  kind: AccountKind;
  ownerId: string | null;
  allowNegative: boolean;
}

export class InvalidAccountError extends Error {
  constructor(code: string) {
    super(`Not a ledger account: "${code}" (expected one of ${PLATFORM_ACCOUNT_KINDS.join(', ')} or <${OWNED_ACCOUNT_KINDS.join('|')}>:<uuid>)`);
    this.name = 'InvalidAccountError';
  }
}

export function parseAccount(code: string): ParsedAccount {
  const [kind, ownerId, extra] = code.split(':');
  if (extra === undefined && ownerId === undefined && (PLATFORM_ACCOUNT_KINDS as readonly string[]).includes(kind)) {
    return { code: code as AccountCode, kind: kind as AccountKind, ownerId: null, allowNegative: NEGATIVE_ALLOWED_KINDS.includes(kind as AccountKind) };
  }
  if (extra === undefined && ownerId !== undefined && (OWNED_ACCOUNT_KINDS as readonly string[]).includes(kind) && UUID.test(ownerId)) {
    return { code: code as AccountCode, kind: kind as AccountKind, ownerId, allowNegative: NEGATIVE_ALLOWED_KINDS.includes(kind as AccountKind) };
  }
  throw new InvalidAccountError(code);
}

/** Account codes, built rather than spelled out at each call site. */
export const accounts = {
  stripeClearing: 'stripe_clearing',
  processorFees: 'processor_fees',
  platformFees: 'platform_fees',
  promoPool: 'promo_pool',
  refunds: 'refunds',
  fanWallet: (fanId: string) => `fan_wallet:${fanId}`,
  artistEscrow: (artistId: string) => `artist_escrow:${artistId}`,
  officeEarnings: (officeId: string) => `office_earnings:${officeId}`,
  officeConnected: (officeId: string) => `office_connected:${officeId}`,
} as const satisfies Record<string, AccountCode | ((id: string) => AccountCode)>;
