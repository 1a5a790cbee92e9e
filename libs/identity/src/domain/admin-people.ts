import type { AdminFansQuery, AdminSearchPageQuery, Pagination } from '#pie/contracts';
import { containsPattern, pageOf, type EntityManager } from '#pie/platform';

/*
 * The back office's view of people (the admin module reads this facade, never identity's tables):
 * fans and artist accounts, searchable and paged, and the counts the dashboard shows.
 */

export interface AdminFanRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  emailVerified: boolean;
  createdAt: string;
  deletedAt: string | null;
}

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);

/** Fans, with optional filters the admin module computes from other modules (ids with an active pie, their wallet sort). */
export async function adminFansPage(
  em: EntityManager,
  query: AdminFansQuery,
  options: { onlyIds?: string[]; excludeIds?: string[]; orderByIds?: string[] } = {},
): Promise<{ items: AdminFanRow[]; pagination: Pagination }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (query.search) {
    const pattern = containsPattern(query.search);
    where.push(`(f.email ilike ? or f.first_name ilike ? or f.last_name ilike ? or (f.first_name || ' ' || f.last_name) ilike ?)`);
    params.push(pattern, pattern, pattern, pattern);
  }
  if (options.onlyIds) {
    where.push(`f.id = any(?::uuid[])`);
    params.push(`{${options.onlyIds.join(',')}}`);
  }
  if (options.excludeIds && options.excludeIds.length > 0) {
    where.push(`not (f.id = any(?::uuid[]))`);
    params.push(`{${options.excludeIds.join(',')}}`);
  }
  const orders: Record<AdminFansQuery['sortBy'], string> = { createdAt: '"createdAt"', email: 'email', name: 'lower("lastName" || "firstName")', wallet: 'wallet_rank' };
  const rank = options.orderByIds && options.orderByIds.length > 0 ? `coalesce(array_position(?::uuid[], f.id), 2147483647)` : '0';
  if (options.orderByIds && options.orderByIds.length > 0) params.unshift(`{${options.orderByIds.join(',')}}`);
  const { rows, pagination } = await pageOf<Record<string, unknown>>(em, {
    sql: `select f.id, f.email, f.first_name as "firstName", f.last_name as "lastName", f.email_verified_at is not null as "emailVerified",
                 f.created_at as "createdAt", f.deleted_at as "deletedAt", ${rank} as wallet_rank
            from identity.fans f${where.length ? ` where ${where.join(' and ')}` : ''}`,
    params,
    // The wallet order is given richest first: descending means the given order.
    orderBy: query.sortBy === 'wallet' ? `wallet_rank ${query.sortOrder === 'desc' ? 'asc' : 'desc'}, id` : `${orders[query.sortBy]} ${query.sortOrder}, id`,
    page: query.page,
    limit: query.limit,
  });
  return { items: rows.map((row) => ({ id: String(row.id), email: String(row.email), firstName: String(row.firstName), lastName: String(row.lastName), emailVerified: Boolean(row.emailVerified), createdAt: iso(row.createdAt)!, deletedAt: iso(row.deletedAt) })), pagination };
}

export async function adminFan(em: EntityManager, fanId: string): Promise<(AdminFanRow & { timeZone: string; stripeCustomerId: string | null; promoEligible: boolean; usedPromotion: boolean }) | null> {
  const [row] = await em.execute<Record<string, unknown>[]>(
    `select id, email, first_name, last_name, email_verified_at, created_at, deleted_at, time_zone, stripe_customer_id, promo_eligible, used_promotion_code from identity.fans where id = ?`,
    [fanId],
  );
  if (!row) return null;
  return {
    id: String(row.id),
    email: String(row.email),
    firstName: String(row.first_name),
    lastName: String(row.last_name),
    emailVerified: Boolean(row.email_verified_at),
    createdAt: iso(row.created_at)!,
    deletedAt: iso(row.deleted_at),
    timeZone: String(row.time_zone),
    stripeCustomerId: (row.stripe_customer_id as string | null) ?? null,
    promoEligible: Boolean(row.promo_eligible),
    usedPromotion: Boolean(row.used_promotion_code),
  };
}

export interface AdminArtistUserRow {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  registered: boolean;
  createdAt: string;
  deletedAt: string | null;
}

const artistUserRow = (row: Record<string, unknown>): AdminArtistUserRow => ({
  id: String(row.id),
  email: String(row.email),
  firstName: (row.first_name as string | null) ?? null,
  lastName: (row.last_name as string | null) ?? null,
  registered: Boolean(row.registration_completed_at),
  createdAt: iso(row.created_at)!,
  deletedAt: iso(row.deleted_at),
});

export async function adminArtistUsersPage(em: EntityManager, query: AdminSearchPageQuery): Promise<{ items: AdminArtistUserRow[]; pagination: Pagination }> {
  const pattern = query.search ? containsPattern(query.search) : null;
  const { rows, pagination } = await pageOf<Record<string, unknown>>(em, {
    sql: `select id, email, first_name, last_name, registration_completed_at, created_at, deleted_at from identity.artist_users
           where (?::text is null or email ilike ? or coalesce(first_name, '') || ' ' || coalesce(last_name, '') ilike ?)`,
    params: [pattern, pattern, pattern],
    orderBy: 'created_at desc, id',
    page: query.page,
    limit: query.limit,
  });
  return { items: rows.map(artistUserRow), pagination };
}

export async function adminArtistUser(em: EntityManager, userId: string): Promise<AdminArtistUserRow | null> {
  const [row] = await em.execute<Record<string, unknown>[]>(`select id, email, first_name, last_name, registration_completed_at, created_at, deleted_at from identity.artist_users where id = ?`, [userId]);
  return row ? artistUserRow(row) : null;
}

export async function accountCounts(em: EntityManager): Promise<{ fans: number; artistUsers: number; admins: number }> {
  const [row] = await em.execute<{ fans: number; artist_users: number; admins: number }[]>(
    `select (select count(*)::int from identity.fans where deleted_at is null) as fans,
            (select count(*)::int from identity.artist_users where deleted_at is null) as artist_users,
            (select count(*)::int from identity.admins) as admins`,
  );
  return { fans: row.fans, artistUsers: row.artist_users, admins: row.admins };
}

export async function adminNames(em: EntityManager, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await em.execute<{ id: string; name: string }[]>(`select id, name from identity.admins where id = any(?::uuid[])`, [`{${ids.join(',')}}`]);
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Fans' and artist accounts' names by id, for the back office's links ("First Last", else the address; a deleted account says so). */
export async function adminPeopleNames(em: EntityManager, ids: { fans?: readonly string[]; artistUsers?: readonly string[] }): Promise<{ fans: Map<string, string>; artistUsers: Map<string, string> }> {
  const read = async (table: 'fans' | 'artist_users', list: readonly string[] = []) => {
    if (list.length === 0) return new Map<string, string>();
    const rows = await em.execute<{ id: string; email: string; first_name: string | null; last_name: string | null; deleted_at: Date | null }[]>(
      `select id, email, first_name, last_name, deleted_at from identity.${table} where id = any(?::uuid[])`,
      [`{${list.join(',')}}`],
    );
    return new Map(rows.map((row) => [row.id, row.deleted_at ? '(deleted account)' : [row.first_name, row.last_name].filter(Boolean).join(' ').trim() || row.email]));
  };
  return { fans: await read('fans', ids.fans), artistUsers: await read('artist_users', ids.artistUsers) };
}

/**
 * The accounts a back-office search names exactly: a fan or an artist account by e-mail address
 * (any case), a fan by their Stripe customer id (`cus_…`).
 */
export async function adminPeopleMatching(em: EntityManager, term: string): Promise<{ fanIds: string[]; artistUserIds: string[] }> {
  const value = term.trim();
  if (!value) return { fanIds: [], artistUserIds: [] };
  const fans = await em.execute<{ id: string }[]>(`select id from identity.fans where lower(email) = lower(?) or stripe_customer_id = ? order by id`, [value, value]);
  const artistUsers = await em.execute<{ id: string }[]>(`select id from identity.artist_users where lower(email) = lower(?) order by id`, [value]);
  return { fanIds: fans.map((row) => row.id), artistUserIds: artistUsers.map((row) => row.id) };
}
