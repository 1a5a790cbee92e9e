import { describe, expect, it } from 'vitest';
import { ExportRow } from '#pie/contracts';
import { normalizeExportRows } from './export-rows.js';

const parse = (rows: unknown[]) => rows.map((row) => ExportRow.parse(row));

describe('export rows', () => {
  it('reads both formats into one shape: the play’s end in UTC, the provider id when the file has it', () => {
    const { rows, skipped } = normalizeExportRows(
      parse([
        { endTime: '2024-01-31 23:59', artistName: ' Aurora ', trackName: 'Runaway', msPlayed: 1000 },
        {
          ts: '2024-02-01T08:00:05Z',
          ms_played: 2000,
          master_metadata_track_name: 'Cure',
          master_metadata_album_artist_name: 'Aurora',
          master_metadata_album_album_name: 'A Different Kind of Human',
          spotify_track_uri: 'spotify:track:4uLU6hMCjMI75M1A2tKUQC',
          ip_addr: '198.51.100.1',
        },
      ]),
    );
    expect(skipped).toBe(0);
    expect(rows).toEqual([
      { p: '2024-01-31T23:59:00.000Z', ms: 1000, t: 'Runaway', a: 'Aurora', al: null, id: null, q: 60 },
      { p: '2024-02-01T08:00:05.000Z', ms: 2000, t: 'Cure', a: 'Aurora', al: 'A Different Kind of Human', id: '4uLU6hMCjMI75M1A2tKUQC', q: 1 },
    ]);
  });

  it('skips podcasts, silent plays and impossible dates, and counts them', () => {
    const now = Date.parse('2024-06-01T00:00:00Z');
    const { rows, skipped } = normalizeExportRows(
      parse([
        { ts: '2024-05-01T10:00:00Z', ms_played: 5000, master_metadata_track_name: null, master_metadata_album_artist_name: null, episode_name: 'Talk' },
        { endTime: '2024-05-01 10:00', artistName: 'A', trackName: 'B', msPlayed: 0 },
        { endTime: '1999-05-01 10:00', artistName: 'A', trackName: 'B', msPlayed: 10 },
        { endTime: '2031-05-01 10:00', artistName: 'A', trackName: 'B', msPlayed: 10 },
        { endTime: '2024-05-01 10:00', artistName: '  ', trackName: 'B', msPlayed: 10 },
        { endTime: '2024-05-01 10:00', artistName: 'A', trackName: 'B', msPlayed: 10 },
      ]),
      now,
    );
    expect(skipped).toBe(5);
    expect(rows).toHaveLength(1);
  });

  it('an upload cannot claim plays that have not happened: a few minutes of clock difference, no more', () => {
    const now = Date.parse('2024-06-01T12:00:00Z');
    const { rows, skipped } = normalizeExportRows(
      parse([
        { ts: '2024-06-01T12:04:00Z', ms_played: 5000, master_metadata_track_name: 'B', master_metadata_album_artist_name: 'A' },
        { ts: '2024-06-01T12:06:00Z', ms_played: 5000, master_metadata_track_name: 'B', master_metadata_album_artist_name: 'A' },
        { endTime: '2024-06-01 13:00', artistName: 'A', trackName: 'B', msPlayed: 10 },
      ]),
      now,
    );
    expect(rows.map((row) => row.p)).toEqual(['2024-06-01T12:04:00.000Z']);
    expect(skipped).toBe(2);
  });

  it('refuses rows of neither format', () => {
    expect(ExportRow.safeParse({ song: 'x' }).success).toBe(false);
    expect(ExportRow.safeParse({ endTime: 'yesterday', artistName: 'A', trackName: 'B', msPlayed: 1 }).success).toBe(false);
    expect(ExportRow.safeParse({ ts: '2024-01-01T00:00:00Z', ms_played: -1 }).success).toBe(false);
  });
});
