import type { ImportProgress } from '#pie/contracts';
import { describe, expect, it } from 'vitest';
import { importProgressView } from './import-progress';

const progress = (overrides: Partial<ImportProgress>): ImportProgress => ({
  id: 'imp',
  file_name: 'StreamingHistory_music_0.json',
  status: 'processing',
  total_chunks: 3,
  received_chunks: 3,
  total_rows: 12_000,
  processed_rows: 4_500,
  inserted_rows: 4_100,
  skipped_rows: 20,
  percent: 37,
  error: null,
  created_at: '2026-03-01T00:00:00.000Z',
  completed_at: null,
  ...overrides,
});

describe('the import progress the fan reads', () => {
  it('processing: rows processed of the total and new plays, with the percent for the bar', () => {
    expect(importProgressView(progress({}))).toEqual({
      title: 'Importing StreamingHistory_music_0.json',
      detail: '4,500 of 12,000 rows processed · 4,100 new plays so far.',
      percent: 37,
      state: 'running',
    });
  });

  it('queued and still receiving', () => {
    expect(importProgressView(progress({ status: 'queued', percent: 0 })).detail).toBe('Queued: 12,000 rows received, the import starts in a moment.');
    expect(importProgressView(progress({ status: 'uploading', received_chunks: 1 }))).toMatchObject({ detail: '1 of 3 parts received.', percent: 33 });
  });

  it('completed: new, already known and skipped', () => {
    const view = importProgressView(progress({ status: 'completed', processed_rows: 12_000, inserted_rows: 11_000, skipped_rows: 30, percent: 100 }));
    expect(view).toEqual({
      title: 'Imported StreamingHistory_music_0.json',
      detail: '11,000 new plays added; 970 already in Pie; 30 skipped (podcasts or rows that are not a music play).',
      percent: 100,
      state: 'done',
    });
    expect(importProgressView(progress({ status: 'completed', processed_rows: 1, inserted_rows: 1, skipped_rows: 0 })).detail).toBe('1 new play added; 0 already in Pie.');
  });

  it('failed: the server’s reason', () => {
    expect(importProgressView(progress({ status: 'failed', error: 'The file could not be imported.' }))).toMatchObject({ state: 'failed', detail: 'The file could not be imported.' });
  });
});
