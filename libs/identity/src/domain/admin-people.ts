import { sql } from 'kysely';
import type { AdminSearchPageQuery, Pagination } from '#pie/contracts';
import { containsPattern, pageOfQuery, type EntityManager, type ListSource } from '#pie/platform';
import { identityDb } from '../db/identity-db.js';

/*
 * The back office's view of people (the admin module reads this facade, never identity's tables):
 * fans and artist accounts, searchable and paged, and the counts the dashboard shows.
 */

export interface AdminFanSummary {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  emailVerified: boolean;
  createdAt: string;
  deletedAt: string | null;
}

const iso = (value: string | null) => (value ? new Date(value).toISOString() : null);

/** A listed fan (`adminFanListing`) as the back office shows it. */
export function toAdminFan(row: AdminFanListingRow): AdminFanSummary {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    emailVerified: row.emailVerifiedAt !== null,
    createdAt: iso(row.createdAt)!,
    deletedAt: iso(row.deletedAt),
  };
}

/** One fan as the back office lists it (`adminFanListing`); `toAdminFan` makes it the summary. */
export interface AdminFanListingRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  emailVerifiedAt: string | null;
  createdAt: string;
  deletedAt: string | null;
}

/** Fans whose e-mail or name contains `search` (every fan without one): a list source the back office pages. */
export function adminFanListing(em: EntityManager, search?: string): ListSource<AdminFanListingRow> {
  const pattern = search ? containsPattern(search) : null;
  return identityDb(em)
    .selectFrom('identity.fans as f')
    .select(['f.id', 'f.email', 'f.first_name as firstName', 'f.last_name as lastName', 'f.email_verified_at as emailVerifiedAt', 'f.created_at as createdAt', 'f.deleted_at as deletedAt'])
    .$if(pattern !== null, (q) =>
      q.where((eb) =>
        eb.or([
          eb('f.email', 'ilike', pattern!),
          eb('f.first_name', 'ilike', pattern!),
          eb('f.last_name', 'ilike', pattern!),
          eb(sql<string>`f.first_name || ' ' || f.last_name`, 'ilike', pattern!),
        ]),
      ),
    );
}

export async function adminFan(em: EntityManager, fanId: string): Promise<(AdminFanSummary & { timeZone: string; stripeCustomerId: string | null; promoEligible: boolean; usedPromotion: boolean }) | null> {
  const row = await identityDb(em)
    .selectFrom('identity.fans')
    .select([
      'id',
      'email',
      'first_name as firstName',
      'last_name as lastName',
      'email_verified_at as emailVerifiedAt',
      'created_at as createdAt',
      'deleted_at as deletedAt',
      'time_zone',
      'stripe_customer_id',
      'promo_eligible',
      'used_promotion_code',
    ])
    .where('id', '=', fanId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    ...toAdminFan(row),
    timeZone: row.time_zone,
    stripeCustomerId: row.stripe_customer_id,
    promoEligible: row.promo_eligible,
    usedPromotion: row.used_promotion_code,
  };
}

export interface AdminArtistUserSummary {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  registered: boolean;
  createdAt: string;
  deletedAt: string | null;
}

const ARTIST_USER_COLUMNS = ['id', 'email', 'first_name', 'last_name', 'registration_completed_at', 'created_at', 'deleted_at'] as const;

function toAdminArtistUser(row: {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  registration_completed_at: string | null;
  created_at: string;
  deleted_at: string | null;
}): AdminArtistUserSummary {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    registered: row.registration_completed_at !== null,
    createdAt: iso(row.created_at)!,
    deletedAt: iso(row.deleted_at),
  };
}

export async function adminArtistUsersPage(em: EntityManager, query: AdminSearchPageQuery): Promise<{ items: AdminArtistUserSummary[]; pagination: Pagination }> {
  const pattern = query.search ? containsPattern(query.search) : null;
  const { rows, pagination } = await pageOfQuery(
    identityDb(em)
      .selectFrom('identity.artist_users')
      .select(ARTIST_USER_COLUMNS)
      .$if(pattern !== null, (q) =>
        q.where((eb) => eb.or([eb('email', 'ilike', pattern!), eb(sql<string>`coalesce(first_name, '') || ' ' || coalesce(last_name, '')`, 'ilike', pattern!)])),
      )
      .orderBy('created_at', 'desc')
      .orderBy('id'),
    query,
  );
  return { items: rows.map(toAdminArtistUser), pagination };
}

export async function adminArtistUser(em: EntityManager, userId: string): Promise<AdminArtistUserSummary | null> {
  const row = await identityDb(em).selectFrom('identity.artist_users').select(ARTIST_USER_COLUMNS).where('id', '=', userId).executeTakeFirst();
  return row ? toAdminArtistUser(row) : null;
}

export async function accountCounts(em: EntityManager): Promise<{ fans: number; artistUsers: number; admins: number }> {
  const db = identityDb(em);
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('identity.fans').select(sql<number>`count(*)::int`.as('n')).where('deleted_at', 'is', null).as('fans'),
      eb.selectFrom('identity.artist_users').select(sql<number>`count(*)::int`.as('n')).where('deleted_at', 'is', null).as('artist_users'),
      eb.selectFrom('identity.admins').select(sql<number>`count(*)::int`.as('n')).as('admins'),
    ])
    .executeTakeFirstOrThrow();
  return { fans: row.fans ?? 0, artistUsers: row.artist_users ?? 0, admins: row.admins ?? 0 };
}

export async function adminNames(em: EntityManager, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await identityDb(em).selectFrom('identity.admins').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Fans' and artist accounts' names by id, for the back office's links ("First Last", else the address; a deleted account says so). */
export async function adminPeopleNames(em: EntityManager, ids: { fans?: readonly string[]; artistUsers?: readonly string[] }): Promise<{ fans: Map<string, string>; artistUsers: Map<string, string> }> {
  const read = async (table: 'identity.fans' | 'identity.artist_users', list: readonly string[] = []) => {
    if (list.length === 0) return new Map<string, string>();
    const rows = await identityDb(em).selectFrom(table).select(['id', 'email', 'first_name', 'last_name', 'deleted_at']).where('id', 'in', [...list]).execute();
    return new Map(rows.map((row) => [row.id, row.deleted_at ? '(deleted account)' : [row.first_name, row.last_name].filter(Boolean).join(' ').trim() || row.email]));
  };
  return { fans: await read('identity.fans', ids.fans), artistUsers: await read('identity.artist_users', ids.artistUsers) };
}

/**
 * The accounts a back-office search names exactly: a fan or an artist account by e-mail address
 * (any case), a fan by their Stripe customer id (`cus_…`).
 */
export async function adminPeopleMatching(em: EntityManager, term: string): Promise<{ fanIds: string[]; artistUserIds: string[] }> {
  const value = term.trim();
  if (!value) return { fanIds: [], artistUserIds: [] };
  const db = identityDb(em);
  const sameAddress = sql<boolean>`lower(email) = lower(${value})`;
  const fans = await db
    .selectFrom('identity.fans')
    .select('id')
    .where((eb) => eb.or([sameAddress, eb('stripe_customer_id', '=', value)]))
    .orderBy('id')
    .execute();
  const artistUsers = await db.selectFrom('identity.artist_users').select('id').where(sameAddress).orderBy('id').execute();
  return { fanIds: fans.map((row) => row.id), artistUserIds: artistUsers.map((row) => row.id) };
}
