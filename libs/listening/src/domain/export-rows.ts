import type { ExportRow } from '#pie/contracts';
import { EXPORT_FUTURE_SKEW_MS } from './listening.constants.js';
import type { IncomingPlay } from './play-writer.js';

/** One play of an export file as it is kept until the worker writes it (compact: chunks are stored as JSON). */
export interface StoredExportRow {
  /** played_at, ISO 8601 UTC (the end of the play, as the files record it). */
  p: string;
  ms: number;
  t: string;
  a: string;
  al: string | null;
  /** The provider's track id, when the file has it (extended history). */
  id: string | null;
  /** Precision of `p` in seconds: 60 for the basic format's `endTime` without seconds. */
  q?: 1 | 60;
}

/** The provider did not exist before this; a play dated earlier is a broken row. */
const EARLIEST = Date.parse('2006-01-01T00:00:00Z');

function endOf(row: ExportRow): number {
  if ('ts' in row) return Date.parse(row.ts);
  const [date, time] = row.endTime.split(' ');
  return Date.parse(`${date}T${time.length === 5 ? `${time}:00` : time}Z`);
}

function precisionOf(row: ExportRow): 1 | 60 {
  return 'ts' in row || row.endTime.length > 16 ? 1 : 60;
}

/**
 * Both export formats to one shape. Rows that are not a play of a music track (podcast episodes,
 * no track or artist name, nothing played, an impossible date, a play that has not happened yet)
 * are skipped and counted. An upload cannot claim future listening: a few minutes of clock
 * difference are allowed, no more.
 */
export function normalizeExportRows(rows: readonly ExportRow[], now = Date.now()): { rows: StoredExportRow[]; skipped: number } {
  const kept: StoredExportRow[] = [];
  for (const row of rows) {
    const extended = 'ts' in row;
    const track = (extended ? row.master_metadata_track_name : row.trackName)?.trim();
    const artist = (extended ? row.master_metadata_album_artist_name : row.artistName)?.trim();
    const ms = extended ? row.ms_played : row.msPlayed;
    const at = endOf(row);
    if (!track || !artist || ms <= 0 || Number.isNaN(at) || at < EARLIEST || at > now + EXPORT_FUTURE_SKEW_MS) continue;
    kept.push({
      p: new Date(at).toISOString(),
      ms,
      t: track,
      a: artist,
      al: extended ? (row.master_metadata_album_album_name?.trim() || null) : null,
      id: extended && row.spotify_track_uri ? row.spotify_track_uri.slice('spotify:track:'.length) : null,
      q: precisionOf(row),
    });
  }
  return { rows: kept, skipped: rows.length - kept.length };
}

export function toIncomingPlays(fanId: string, rows: readonly StoredExportRow[]): IncomingPlay[] {
  return rows.map((row) => ({
    fanId,
    playedAt: new Date(row.p),
    msPlayed: row.ms,
    source: 'export' as const,
    precisionSeconds: row.q ?? 1,
    providerTrackId: row.id,
    trackName: row.t,
    artistName: row.a,
    album: row.al,
  }));
}
