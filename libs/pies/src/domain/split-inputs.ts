import { artistFacts, listenedMsByArtistForWindows, type ArtistFacts } from '#pie/listening';
import { executeBound, pgArray, type EntityManager } from '#pie/platform';
import { ownOfficeArtistsOfPromotionalFans } from './own-office.js';
import type { Inclusion, SplitCandidate } from './split.js';

export interface SplitInputs {
  candidates: SplitCandidate[];
  facts: Map<string, ArtistFacts>;
  /** artist id → pie artist id, for every artist in the split and every choice the fan made. */
  pieArtistIds: Map<string, string>;
}

export interface SplitWindow {
  /** The caller's key for the window (a period id). */
  key: string;
  /** Null for a pie not created yet (the create modal's estimate): no choices, no pie artist ids. */
  pieId: string | null;
  fanId: string;
  from: Date;
  to: Date;
}

/**
 * Everything the split needs about each fan's window, for many windows in a handful of statements:
 * listened time per artist from the listening facade (a play divided among its credited artists),
 * popularity and the active flag, the fan's bans, the pie's manual inclusions, and — for a fan whose
 * wallet still holds promotion — the artists of the fan's own offices (`ownOffice`). Artists the fan
 * included but did not listen to are candidates too, so the snapshot shows why they got nothing.
 * Every artist in a split the fan is shown gets its pie artist id, so the fan can include or exclude
 * it by that id; the period close shows nothing and passes `assignPieArtistIds: false` (the ids of
 * the choices already made are still returned), which spares a batch of closes ~40 inserts a period.
 */
export async function gatherSplitInputsMany(
  em: EntityManager,
  windows: readonly SplitWindow[],
  { assignPieArtistIds = true }: { assignPieArtistIds?: boolean } = {},
): Promise<Map<string, SplitInputs>> {
  const result = new Map<string, SplitInputs>();
  if (windows.length === 0) return result;
  const pieIds = [...new Set(windows.flatMap((w) => (w.pieId ? [w.pieId] : [])))];
  const fanIds = [...new Set(windows.map((w) => w.fanId))];
  const [listening, choices, bans, ownOffices] = await Promise.all([
    listenedMsByArtistForWindows(em, windows.map((w) => ({ key: w.key, fanId: w.fanId, from: w.from, to: w.to }))),
    // raw SQL: bench:close — the period close reads every batch's pie artists and bans in one statement each (bound arrays)
    executeBound<{ id: string; pie_id: string; artist_id: string; inclusion: Inclusion }>(em, `select id, pie_id, artist_id, inclusion from pies.pie_artists where pie_id = any($1::uuid[])`, [pgArray(pieIds)]),
    executeBound<{ fan_id: string; artist_id: string }>(em, `select fan_id, artist_id from pies.fan_bans where fan_id = any($1::uuid[])`, [pgArray(fanIds)]),
    // Fans splitting promotional money: their own offices' artists are out (libs/pies/README.md).
    ownOfficeArtistsOfPromotionalFans(em, fanIds),
  ]);
  const allIds = new Set<string>();
  for (const rows of listening.values()) for (const row of rows) allIds.add(row.artistId);
  for (const choice of choices) if (choice.inclusion === 'included') allIds.add(choice.artist_id);
  const facts = new Map((await artistFacts(em, [...allIds])).map((fact) => [fact.id, fact]));

  const choicesByPie = groupBy(choices, (c) => c.pie_id);
  const bansByFan = groupBy(bans, (b) => b.fan_id);
  const fresh: { pieId: string; artistId: string }[] = [];
  // Most fans have no bans and most pies no choices: they share one empty set and map.
  const noBans = new Set<string>();
  const noChoices = new Map<string, Inclusion>();
  const drafts = windows.map((w) => {
    const pieChoices = (w.pieId && choicesByPie.get(w.pieId)) || [];
    const inclusion = pieChoices.length === 0 ? noChoices : new Map(pieChoices.map((c) => [c.artist_id, c.inclusion]));
    const fanBans = bansByFan.get(w.fanId);
    const banned = fanBans ? new Set(fanBans.map((b) => b.artist_id)) : noBans;
    const ownOffice = ownOffices.get(w.fanId) ?? noBans;
    const candidates: SplitCandidate[] = [];
    const candidate = (artistId: string, listenedMs: number) => {
      const fact = facts.get(artistId);
      if (fact) {
        candidates.push({ artistId, listenedMs, popularity: fact.popularity, active: fact.active, inclusion: inclusion.get(artistId) ?? 'default', banned: banned.has(artistId), ownOffice: ownOffice.has(artistId) });
      }
    };
    // The listening has one row per artist; the artists the fan included without listening follow.
    const rows = listening.get(w.key) ?? [];
    for (const row of rows) candidate(row.artistId, row.listenedMs);
    const included = pieChoices.filter((c) => c.inclusion === 'included');
    if (included.length > 0) {
      const listened = new Set(rows.map((row) => row.artistId));
      for (const choice of included) if (!listened.has(choice.artist_id)) candidate(choice.artist_id, 0);
    }
    const { pieId } = w;
    if (assignPieArtistIds && pieId) for (const c of candidates) if (!inclusion.has(c.artistId)) fresh.push({ pieId, artistId: c.artistId });
    return { window: w, candidates, pieChoices };
  });
  const unique = [...new Map(fresh.map((f) => [`${f.pieId}:${f.artistId}`, f])).values()];
  // raw SQL: bench:close — the period close adds every batch's new pie artists in one unnest statement
  const added =
    unique.length === 0
      ? []
      : await em.execute<{ id: string; pie_id: string; artist_id: string }[]>(
          `insert into pies.pie_artists (pie_id, artist_id) select * from unnest(?::uuid[], ?::uuid[])
           on conflict (pie_id, artist_id) do nothing returning id, pie_id, artist_id`,
          [pgArray(unique.map((f) => f.pieId)), pgArray(unique.map((f) => f.artistId))],
        );
  const addedByPie = groupBy(added, (a) => a.pie_id);
  for (const { window, candidates, pieChoices } of drafts) {
    const ids = new Map([...pieChoices, ...((window.pieId && addedByPie.get(window.pieId)) || [])].map((row) => [row.artist_id, row.id]));
    result.set(window.key, { candidates, facts, pieArtistIds: ids });
  }
  return result;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** One pie's window (the realtime preview); `id` null for a pie not created yet. */
export async function gatherSplitInputs(em: EntityManager, pie: { id: string | null; fanId: string }, from: Date, to: Date): Promise<SplitInputs> {
  const key = pie.id ?? `new:${pie.fanId}`;
  const inputs = await gatherSplitInputsMany(em, [{ key, pieId: pie.id, fanId: pie.fanId, from, to }]);
  return inputs.get(key)!;
}
