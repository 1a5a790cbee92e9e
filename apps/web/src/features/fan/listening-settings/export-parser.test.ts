import { IMPORT_MAX_CHUNKS } from '#pie/contracts';
import { describe, expect, it } from 'vitest';
import { chunkRows, ExportFileError, parseExportFile, parseExportText, planUpload, uploadName } from './export-parser';

const basicRow = (n: number) => ({ endTime: `2024-01-${String((n % 28) + 1).padStart(2, '0')} 12:${String(n % 60).padStart(2, '0')}`, artistName: `Artist ${n}`, trackName: `Track ${n}`, msPlayed: 180_000 });
const extendedRow = (n: number) => ({
  ts: `2024-02-01T10:${String(n % 60).padStart(2, '0')}:00Z`,
  username: 'someone',
  platform: 'Android OS',
  ms_played: 200_000,
  conn_country: 'SE',
  ip_addr: '192.0.2.1',
  master_metadata_track_name: `Song ${n}`,
  master_metadata_album_artist_name: `Band ${n}`,
  master_metadata_album_album_name: `Record ${n}`,
  spotify_track_uri: `spotify:track:abc${n}`,
  episode_name: null,
  reason_start: 'trackdone',
  shuffle: false,
  offline: false,
});

describe('reading the Spotify export', () => {
  it('reads StreamingHistory*.json (basic) rows as they are', () => {
    const parsed = parseExportText('StreamingHistory_music_0.json', JSON.stringify([basicRow(1), basicRow(2)]));
    expect(parsed).toEqual({ fileName: 'StreamingHistory_music_0.json', format: 'basic', rows: [basicRow(1), basicRow(2)], total: 2, unreadable: 0 });
  });

  it('reads Streaming_History_Audio_*.json (extended), keeping only what the API reads', () => {
    const podcast = { ...extendedRow(3), master_metadata_track_name: null, master_metadata_album_artist_name: null, master_metadata_album_album_name: null, spotify_track_uri: null, episode_name: 'A podcast' };
    const parsed = parseExportText('Streaming_History_Audio_2023-2024_0.json', JSON.stringify([extendedRow(1), podcast]));
    expect(parsed.format).toBe('extended');
    expect(parsed.rows).toEqual([
      {
        ts: '2024-02-01T10:01:00Z',
        ms_played: 200_000,
        master_metadata_track_name: 'Song 1',
        master_metadata_album_artist_name: 'Band 1',
        master_metadata_album_album_name: 'Record 1',
        spotify_track_uri: 'spotify:track:abc1',
      },
      // Podcast rows go too: the server skips and counts them.
      { ts: '2024-02-01T10:03:00Z', ms_played: 200_000, master_metadata_track_name: null, master_metadata_album_artist_name: null, master_metadata_album_album_name: null, spotify_track_uri: null },
    ]);
    expect(JSON.stringify(parsed.rows)).not.toContain('ip_addr');
  });

  it('leaves out rows it cannot read and says how many', () => {
    const rows = [basicRow(1), { ...basicRow(2), msPlayed: -5 }, { ...basicRow(3), endTime: 'yesterday' }, basicRow(4)];
    const parsed = parseExportText('StreamingHistory0.json', JSON.stringify(rows));
    expect(parsed.rows).toEqual([basicRow(1), basicRow(4)]);
    expect(parsed.unreadable).toBe(2);
    expect(parsed.total).toBe(4);
  });

  it('refuses files that are not a listening history, saying which files to pick', () => {
    const refuse = (name: string, text: string) => {
      try {
        parseExportText(name, text);
      } catch (error) {
        expect(error).toBeInstanceOf(ExportFileError);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    const which = 'Choose the StreamingHistory*.json or Streaming_History_Audio_*.json files from your Spotify data export.';
    expect(refuse('Userdata.json', JSON.stringify({ username: 'x', country: 'SE' }))).toBe(`Userdata.json is not a listening history. ${which}`);
    expect(refuse('SearchQueries.json', JSON.stringify([{ platform: 'web', searchTime: '2024', searchQuery: 'abba' }]))).toBe(`SearchQueries.json is not a listening history. ${which}`);
    expect(refuse('broken.json', '[{"endTime": ')).toBe(`broken.json could not be read: it is not valid JSON. ${which}`);
    expect(refuse('notes.txt', '[]')).toBe(`notes.txt is not a .json file. ${which}`);
    expect(refuse('StreamingHistory0.json', '[]')).toBe('StreamingHistory0.json has no plays in it.');
    expect(refuse('StreamingHistory1.json', JSON.stringify([{ ...basicRow(1), msPlayed: 'long' }]))).toBe(`None of the plays in StreamingHistory1.json could be read. ${which}`);
  });

  it('reads a picked file (with a byte order mark)', async () => {
    const file = new File(['\uFEFF' + JSON.stringify([basicRow(1)])], 'StreamingHistory_music_0.json', { type: 'application/json' });
    expect((await parseExportFile(file)).rows).toEqual([basicRow(1)]);
  });
});

describe('chunks', () => {
  it('cuts at the row limit', () => {
    const chunks = chunkRows(Array.from({ length: 25 }, (_, n) => basicRow(n)), { maxRows: 10 });
    expect(chunks.map((chunk) => chunk.length)).toEqual([10, 10, 5]);
  });

  it('cuts at the byte limit, counting UTF-8 bytes, and keeps the order', () => {
    const rows = Array.from({ length: 30 }, (_, n) => ({ ...basicRow(n), artistName: `Sigur Rós ${n} — ÆØÅ` }));
    const chunks = chunkRows(rows, { maxBytes: 1_000 });
    expect(chunks.flat()).toEqual(rows);
    for (const chunk of chunks) expect(new TextEncoder().encode(JSON.stringify(chunk)).length).toBeLessThanOrEqual(1_000);
    expect(chunks.length).toBeGreaterThan(3);
  });

  it('sends a 10,000-row basic export in two requests under the 1 MB limit', () => {
    const rows = Array.from({ length: 10_000 }, (_, n) => basicRow(n));
    const chunks = chunkRows(rows);
    expect(chunks.length).toBe(2);
    for (const chunk of chunks) expect(new TextEncoder().encode(JSON.stringify({ fileName: 'StreamingHistory_music_0.json', totalChunks: 2, rows: chunk })).length).toBeLessThan(1_048_576);
  });

  it('plans several files as one upload with a .json name, and refuses one too big', () => {
    const a = parseExportText('StreamingHistory_music_0.json', JSON.stringify([basicRow(1)]));
    const b = parseExportText('Streaming_History_Audio_2024_1.json', JSON.stringify([extendedRow(1)]));
    const plan = planUpload([a, b]);
    expect(plan.name).toBe('2 files: StreamingHistory_music_0.json, Streaming_History_Audio_2024_1.json');
    expect(plan.format).toBe('mixed');
    expect(plan.rows).toHaveLength(2);
    expect(plan.chunks).toHaveLength(1);
    expect(() => planUpload([a], { maxRows: 1, maxBytes: 10 })).not.toThrow();
    const many = parseExportText('StreamingHistory_music_1.json', JSON.stringify(Array.from({ length: IMPORT_MAX_CHUNKS + 1 }, (_, n) => basicRow(n))));
    expect(() => planUpload([many], { maxRows: 1 })).toThrow('These files are too big to upload at once. Upload them a few at a time.');
  });

  it('keeps long upload names within 200 characters, ending in .json', () => {
    const names = Array.from({ length: 12 }, (_, n) => `Streaming_History_Audio_2014-2024_${n}.json`);
    const name = uploadName(names);
    expect(name.length).toBeLessThanOrEqual(200);
    expect(name).toMatch(/^12 files: Streaming_History_Audio_2014-2024_0\.json, …, Streaming_History_Audio_2014-2024_11\.json$/);
    expect(uploadName(['a.json'])).toBe('a.json');
  });
});
