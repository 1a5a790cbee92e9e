import { sql } from 'kysely';
import type { AdminArtistRow, AdminArtistsQuery, AdminFansQuery, Pagination } from '#pie/contracts';
import { claimedArtistListing } from '#pie/claims';
import { adminFanListing, toAdminFan } from '#pie/identity';
import { artistEscrows, balanceListing } from '#pie/ledger';
import { artistListeningListing, artistListeningOf, artistListing } from '#pie/listening';
import { livePieArtistListing, livePieFanListing } from '#pie/pies';
import { pageCountedApart, type EntityManager } from '#pie/platform';
import { adminDb } from '../db/admin-db.js';

/*
 * The back office's two cross-module lists, each one statement (issue 30 item 6): the owning
 * modules publish their facts as list sources (typed selects over their own tables), this module
 * joins them with its own CRM and discovery tables, and the database filters, sorts and pages.
 * Nothing here names another module's table; no id set passes through application code.
 */

const direction = (order: 'asc' | 'desc') => sql.raw(order === 'asc' ? 'asc' : 'desc');

type ArtistListQuery = Pick<AdminArtistsQuery, 'period' | 'moneyFilter' | 'sortBy' | 'sortOrder'> &
  Partial<Pick<AdminArtistsQuery, 'search' | 'crmStatus' | 'activePie'>> & { artistId?: string };

/**
 * Catalogue artists with their escrow (the account's balance), CRM status, claim and discovered
 * e-mail, filtered by `crmStatus`, `moneyFilter` and `activePie`, in `sortBy` order (ties by id,
 * so pages never overlap); `artistId` narrows it to one artist (the artist's page reads the same
 * row). The listening over `period` days is joined only to sort by it: a whole-catalogue aggregate
 * (listening's artist-days table has no index by artist, which would cost every play batch an index
 * entry); otherwise `artistListPage` reads it for the page's artists alone.
 */
function artistList(em: EntityManager, query: ArtistListQuery) {
  const escrow = sql<string>`coalesce(e."balanceCents", 0)`;
  const crmStatus = sql<AdminArtistRow['crmStatus']>`coalesce(c.crm_status, 'not_contacted')`;
  const byListening = query.sortBy === 'fans' || query.sortBy === 'listened';
  const orders = { name: sql`lower(a.name)`, escrow, fans: sql`coalesce(l.fans, 0)`, listened: sql`coalesce(l."listenedMs", 0)` } as const;
  return adminDb(em)
    .selectFrom(artistListing(em, { search: query.search, artistId: query.artistId }).as('a'))
    .leftJoin(balanceListing(em, 'artist_escrow').as('e'), 'e.ownerId', 'a.artistId')
    .leftJoin(claimedArtistListing(em).as('cl'), 'cl.artistId', 'a.artistId')
    .leftJoin('admin.artist_crm as c', 'c.artist_id', 'a.artistId')
    .leftJoin('admin.email_discoveries as d', 'd.artist_id', 'a.artistId')
    .select(['a.artistId', 'a.name', 'a.spotifyId', escrow.as('escrowCents'), crmStatus.as('crmStatus'), sql<boolean>`cl."artistId" is not null`.as('claimed'), 'd.email as contactEmail'])
    .$if(byListening, (q) => q.leftJoin(artistListeningListing(em, { periodDays: query.period }).as('l'), 'l.artistId', 'a.artistId'))
    .$if(query.moneyFilter === 'with_escrow', (q) => q.where(escrow, '>', '0'))
    .$if(query.moneyFilter === 'without_escrow', (q) => q.where(escrow, '<=', '0'))
    .$if(query.crmStatus !== undefined, (q) => q.where(crmStatus, '=', query.crmStatus!))
    .$if(query.activePie !== undefined, (q) =>
      q
        .leftJoin(livePieArtistListing(em).as('lp'), 'lp.artistId', 'a.artistId')
        .where('lp.artistId', query.activePie === 'true' ? 'is not' : 'is', null),
    )
    .orderBy(sql`${orders[query.sortBy]} ${direction(query.sortOrder)}`)
    .orderBy('a.artistId');
}

/**
 * One page of `artistList` and its total, then what is read for the page's artists alone: how many
 * fans' money each escrow holds, and their listening over the period (one grouped read each).
 */
export async function artistListPage(em: EntityManager, query: ArtistListQuery & { page: number; limit: number }): Promise<{ items: AdminArtistRow[]; pagination: Pagination }> {
  const { rows, pagination } = await pageCountedApart(artistList(em, query), query);
  const ids = rows.map((row) => row.artistId);
  const escrows = await artistEscrows(em, ids);
  const listening = await artistListeningOf(em, query.period, ids);
  const items = rows.map((row) => ({
    id: row.artistId,
    name: row.name,
    spotifyId: row.spotifyId,
    crmStatus: row.crmStatus,
    escrowCents: Number(row.escrowCents),
    escrowFans: escrows.get(row.artistId)?.fans ?? 0,
    fans: listening.get(row.artistId)?.fans ?? 0,
    listenedMs: listening.get(row.artistId)?.listenedMs ?? 0,
    claimed: row.claimed,
    contactEmail: row.contactEmail,
  }));
  return { items, pagination };
}

type FanListQuery = Pick<AdminFansQuery, 'sortBy' | 'sortOrder'> & Partial<Pick<AdminFansQuery, 'search' | 'activePie'>>;

/** Fans (searched by e-mail or name) with their wallet and whether a pie of theirs is live; `activePie` filters, `sortBy` orders (ties by id). */
function fanList(em: EntityManager, query: FanListQuery) {
  const wallet = sql<string>`coalesce(w."balanceCents", 0)`;
  const orders = { createdAt: sql`f."createdAt"`, email: sql`f.email`, name: sql`lower(f."lastName" || f."firstName")`, wallet } as const;
  return adminDb(em)
    .selectFrom(adminFanListing(em, query.search).as('f'))
    .leftJoin(balanceListing(em, 'fan_wallet').as('w'), 'w.ownerId', 'f.id')
    .leftJoin(livePieFanListing(em).as('lp'), 'lp.fanId', 'f.id')
    .selectAll('f')
    .select([wallet.as('walletCents'), sql<boolean>`lp."fanId" is not null`.as('livePie')])
    .$if(query.activePie !== undefined, (q) => q.where('lp.fanId', query.activePie === 'true' ? 'is not' : 'is', null))
    .orderBy(sql`${orders[query.sortBy]} ${direction(query.sortOrder)}`)
    .orderBy('f.id');
}

export async function fanListPage(em: EntityManager, query: FanListQuery & { page: number; limit: number }) {
  const { rows, pagination } = await pageCountedApart(fanList(em, query), query);
  return { items: rows.map(({ walletCents, livePie, ...fan }) => ({ ...toAdminFan(fan), walletCents: Number(walletCents), livePie })), pagination };
}
