import { artistFacts, listenedMsByArtist, type ArtistFacts } from '#pie/listening';
import type { EntityManager } from '#pie/platform';
import { pgArray } from './pg-array.js';
import type { Inclusion, SplitCandidate } from './split.js';

export interface SplitInputs {
  candidates: SplitCandidate[];
  facts: Map<string, ArtistFacts>;
  /** artist id → pie artist id, for the artists the fan made a choice about in this pie. */
  pieArtistIds: Map<string, string>;
}

/**
 * Everything the split needs about one fan's window: listened time per artist from the listening
 * facade (a play divided among its credited artists), popularity and the active flag, the fan's
 * bans and this pie's manual inclusions. Artists the fan included but did not listen to are
 * candidates too, so the snapshot shows why they got nothing.
 */
export async function gatherSplitInputs(em: EntityManager, pie: { id: string; fanId: string }, from: Date, to: Date): Promise<SplitInputs> {
  const [listening, choices, bans] = await Promise.all([
    listenedMsByArtist(em, pie.fanId, from, to),
    em.execute<{ id: string; artist_id: string; inclusion: Inclusion }[]>(`select id, artist_id, inclusion from pies.pie_artists where pie_id = ?`, [pie.id]),
    em.execute<{ artist_id: string }[]>(`select artist_id from pies.fan_bans where fan_id = ?`, [pie.fanId]),
  ]);
  const listened = new Map(listening.map((row) => [row.artistId, row.listenedMs]));
  const inclusion = new Map(choices.map((row) => [row.artist_id, row.inclusion]));
  const banned = new Set(bans.map((row) => row.artist_id));
  const ids = [...new Set([...listened.keys(), ...choices.filter((c) => c.inclusion === 'included').map((c) => c.artist_id)])];
  const facts = new Map((await artistFacts(em, ids)).map((fact) => [fact.id, fact]));
  const candidates = ids
    .filter((id) => facts.has(id))
    .map((id) => {
      const fact = facts.get(id)!;
      return { artistId: id, listenedMs: listened.get(id) ?? 0, popularity: fact.popularity, active: fact.active, inclusion: inclusion.get(id) ?? 'default', banned: banned.has(id) };
    });
  // Every artist in the split gets its pie artist id, so the fan can include or exclude it by that id.
  const known = new Set(choices.map((row) => row.artist_id));
  const fresh = candidates.filter((c) => !known.has(c.artistId)).map((c) => c.artistId);
  const added =
    fresh.length === 0
      ? []
      : await em.execute<{ id: string; artist_id: string }[]>(
          `insert into pies.pie_artists (pie_id, artist_id) select ?::uuid, unnest(?::uuid[]) on conflict (pie_id, artist_id) do nothing returning id, artist_id`,
          [pie.id, pgArray(fresh)],
        );
  return { candidates, facts, pieArtistIds: new Map([...choices, ...added].map((row) => [row.artist_id, row.id])) };
}
