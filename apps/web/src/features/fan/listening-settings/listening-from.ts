import type { ImportProgress, ListeningSourceState } from '#pie/contracts';
import { SOURCE_NAMES } from './source-state';
import { relativeTime, type ListeningConnection } from './sync-status';

export interface ListeningFromView {
  /** "Listening from Spotify and Last.fm", or how to get listening in when nothing brings any. */
  headline: string;
  /** One line per scrobbling service in use: its state and when Pie last read it. */
  lines: string[];
}

/** Statuses in which a scrobbling service brings (or brought until it broke) the fan's listening. */
const IN_USE = new Set<ListeningSourceState['status']>(['backfilling', 'connected', 'broken']);

/**
 * Where the dashboard's listening comes from (issue 33): Spotify when connected (or broken: what it
 * brought is still there), each scrobbling service in use, an uploaded export. Spotify's own state
 * is the card's; the lines add each service's last read.
 */
export function listeningFrom(
  connection: ListeningConnection,
  sources: readonly ListeningSourceState[],
  latestImport: ImportProgress | null,
  now: Date = new Date(),
): ListeningFromView {
  const used = sources.filter((source) => IN_USE.has(source.status));
  const names = [
    ...(connection.status === 'connected' || connection.status === 'broken' ? ['Spotify'] : []),
    ...used.map((source) => SOURCE_NAMES[source.source]),
    ...(latestImport?.status === 'completed' ? ['your Spotify data export'] : []),
  ];
  const headline =
    names.length === 0
      ? 'No listening source yet: connect Spotify, Last.fm or ListenBrainz, or upload your Spotify data export, in Listening settings.'
      : `Listening from ${joinNames(names)}`;
  return { headline, lines: used.map((source) => sourceLine(source, now)) };
}

function sourceLine(source: ListeningSourceState, now: Date): string {
  const name = SOURCE_NAMES[source.source];
  const account = source.user_name ? `${name} (${source.user_name})` : name;
  const lastRead = source.last_polled_at ? `last read ${relativeTime(source.last_polled_at, now)}` : null;
  switch (source.status) {
    case 'backfilling':
      return `${account}: reading your history, ${source.backfill?.percent ?? 0}% so far`;
    case 'broken':
      return `${account}: needs attention. ${source.broken_reason ?? `${name} no longer accepts Pie’s access.`}`;
    default:
      return `${account}: ${lastRead ?? 'not read yet'}`;
  }
}

/** "A", "A and B", "A, B and C". */
function joinNames(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
