import { sql } from 'kysely';
import type { AdminArtistRow, AdminArtistsQuery, AdminFansQuery } from '#pie/contracts';
import { claimedArtistListing } from '#pie/claims';
import { adminFanListing } from '#pie/identity';
import { artistEscrowListing, balanceListing } from '#pie/ledger';
import { artistListing } from '#pie/listening';
import { livePieArtistListing, livePieFanListing } from '#pie/pies';
import type { EntityManager } from '#pie/platform';
import { adminDb } from '../db/admin-db.js';

/*
 * The back office's two cross-module lists, each one statement (issue 30 item 6): the owning
 * modules publish their facts as list sources (typed selects over their own tables), this module
 * joins them with its own CRM and discovery tables, and the database filters, sorts and pages.
 * Nothing here names another module's table; no id set passes through application code.
 */

const direction = (order: 'asc' | 'desc') => sql.raw(order === 'asc' ? 'asc' : 'desc');

/**
 * Catalogue artists with their listening over `period` days, their escrow (cents and fans), CRM
 * status, claim and discovered e-mail: filtered by `crmStatus`, `moneyFilter` and `activePie`, in
 * `sortBy` order (ties by id, so pages never overlap). `artistId` narrows it to one artist (the
 * artist's page reads the same row).
 */
export function artistList(
  em: EntityManager,
  query: Pick<AdminArtistsQuery, 'period' | 'moneyFilter' | 'sortBy' | 'sortOrder'> & Partial<Pick<AdminArtistsQuery, 'search' | 'crmStatus' | 'activePie'>> & { artistId?: string },
) {
  const escrow = sql<string>`coalesce(e."heldCents", 0)`;
  const crmStatus = sql<AdminArtistRow['crmStatus']>`coalesce(c.crm_status, 'not_contacted')`;
  const orders = { name: sql`lower(a.name)`, escrow, fans: sql`a.fans`, listened: sql`a."listenedMs"` } as const;
  return adminDb(em)
    .selectFrom(artistListing(em, { periodDays: query.period, search: query.search, artistId: query.artistId }).as('a'))
    .leftJoin(artistEscrowListing(em).as('e'), 'e.artistId', 'a.artistId')
    .leftJoin(claimedArtistListing(em).as('cl'), 'cl.artistId', 'a.artistId')
    .leftJoin('admin.artist_crm as c', 'c.artist_id', 'a.artistId')
    .leftJoin('admin.email_discoveries as d', 'd.artist_id', 'a.artistId')
    .select([
      'a.artistId',
      'a.name',
      'a.spotifyId',
      'a.fans',
      'a.listenedMs',
      escrow.as('escrowCents'),
      sql<number>`coalesce(e.fans, 0)`.as('escrowFans'),
      crmStatus.as('crmStatus'),
      sql<boolean>`cl."artistId" is not null`.as('claimed'),
      'd.email as contactEmail',
    ])
    .$if(query.moneyFilter === 'with_escrow', (q) => q.where('e.artistId', 'is not', null))
    .$if(query.moneyFilter === 'without_escrow', (q) => q.where('e.artistId', 'is', null))
    .$if(query.crmStatus !== undefined, (q) => q.where(crmStatus, '=', query.crmStatus!))
    .$if(query.activePie !== undefined, (q) =>
      q
        .leftJoin(livePieArtistListing(em).as('lp'), 'lp.artistId', 'a.artistId')
        .where('lp.artistId', query.activePie === 'true' ? 'is not' : 'is', null),
    )
    .orderBy(sql`${orders[query.sortBy]} ${direction(query.sortOrder)}`)
    .orderBy('a.artistId');
}

export function toArtistRow(row: Awaited<ReturnType<ReturnType<typeof artistList>['execute']>>[number]): AdminArtistRow {
  return {
    id: row.artistId,
    name: row.name,
    spotifyId: row.spotifyId,
    crmStatus: row.crmStatus,
    escrowCents: Number(row.escrowCents),
    escrowFans: row.escrowFans,
    fans: Number(row.fans),
    listenedMs: Number(row.listenedMs),
    claimed: row.claimed,
    contactEmail: row.contactEmail,
  };
}

/** Fans (searched by e-mail or name) with their wallet and whether a pie of theirs is live; `activePie` filters, `sortBy` orders (ties by id). */
export function fanList(em: EntityManager, query: Pick<AdminFansQuery, 'sortBy' | 'sortOrder'> & Partial<Pick<AdminFansQuery, 'search' | 'activePie'>>) {
  const wallet = sql<string>`coalesce(w."balanceCents", 0)`;
  const orders = { createdAt: sql`f.created_at`, email: sql`f.email`, name: sql`lower(f.last_name || f.first_name)`, wallet } as const;
  return adminDb(em)
    .selectFrom(adminFanListing(em, query.search).as('f'))
    .leftJoin(balanceListing(em, 'fan_wallet').as('w'), 'w.ownerId', 'f.id')
    .leftJoin(livePieFanListing(em).as('lp'), 'lp.fanId', 'f.id')
    .selectAll('f')
    .select([wallet.as('wallet_cents'), sql<boolean>`lp."fanId" is not null`.as('live_pie')])
    .$if(query.activePie !== undefined, (q) => q.where('lp.fanId', query.activePie === 'true' ? 'is not' : 'is', null))
    .orderBy(sql`${orders[query.sortBy]} ${direction(query.sortOrder)}`)
    .orderBy('f.id');
}
