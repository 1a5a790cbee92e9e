import { artistIdsClaimedByOffices } from '#pie/claims';
import { artistAccountsOfFans } from '#pie/identity';
import { membershipsOf } from '#pie/offices';
import { executeBound, pgArray, type EntityManager } from '#pie/platform';

/**
 * The fans among `fanIds` whose wallet still holds promotion: they have a promotional pie, and the
 * periods closed since it started gave artists less than it granted. Closes spend the promotion
 * first (billing's rule, libs/billing/README.md "Deleting an account"), so such a fan's next split
 * is (partly) promotional money — the free pie's own periods, and a later pie's after the free one
 * rolled its money over. Read from pies' own rows: the free pie's amount is what the promotion
 * granted, and each closed period records what it gave.
 */
export async function fansHoldingPromotion(em: EntityManager, fanIds: readonly string[]): Promise<string[]> {
  if (fanIds.length === 0) return [];
  // raw SQL: bench:close — the period close reads which fans of a batch split promotional money in one statement
  const rows = await executeBound<{ fan_id: string }>(
    em,
    `with promo as (
       select p.fan_id, p.amount_cents, min(pr.starts_at) as since
         from pies.pies p join pies.periods pr on pr.pie_id = p.id
        where p.promo and p.fan_id = any($1::uuid[])
        group by p.id, p.fan_id, p.amount_cents)
     select distinct promo.fan_id from promo
      where promo.amount_cents > coalesce((
              select sum(c.distributed_cents) from pies.pies p2 join pies.periods c on c.pie_id = p2.id
               where p2.fan_id = promo.fan_id and c.state = 'closed' and c.starts_at >= promo.since), 0)`,
    [pgArray([...new Set(fanIds)])],
  );
  return rows.map((row) => row.fan_id);
}

/**
 * For each fan whose split is promotional, the artists claimed (or being claimed) by an office the
 * fan belongs to — as the artist account that is the same person (the same mailbox, or a provider
 * account linked to both: identity's `artistAccountsOfFans`), an active member of a live office.
 * Promotional money never reaches them. Fans without promotion, or without such artists, are absent.
 */
export async function ownOfficeArtistsOfPromotionalFans(em: EntityManager, fanIds: readonly string[]): Promise<Map<string, Set<string>>> {
  const result = new Map<string, Set<string>>();
  const promotional = await fansHoldingPromotion(em, fanIds);
  if (promotional.length === 0) return result;
  const artistAccounts = await artistAccountsOfFans(em, promotional);
  for (const [fanId, userIds] of artistAccounts) {
    const officeIds = new Set<string>();
    for (const userId of new Set(userIds)) for (const membership of await membershipsOf(em, userId)) officeIds.add(membership.officeId);
    const artistIds = await artistIdsClaimedByOffices(em, [...officeIds]);
    if (artistIds.length > 0) result.set(fanId, new Set(artistIds));
  }
  return result;
}
