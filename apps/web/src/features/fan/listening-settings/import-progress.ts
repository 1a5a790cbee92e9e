import type { ImportProgress } from '#pie/contracts';
import { formatCount, formatNumber } from '@web/shared/format';

const count = { format: formatNumber };
const plural = (n: number, one: string, other: string) => formatCount(n, { one, other });

export interface ImportProgressView {
  title: string;
  detail: string;
  /** 0–100 for the bar. */
  percent: number;
  state: 'running' | 'done' | 'failed';
}

/** What the page says about an upload the worker is importing (`GET /api/listening/imports/:id`). */
export function importProgressView(progress: ImportProgress): ImportProgressView {
  const name = progress.file_name;
  switch (progress.status) {
    case 'uploading':
      return {
        title: `Receiving ${name}`,
        detail: `${count.format(progress.received_chunks)} of ${count.format(progress.total_chunks)} parts received.`,
        percent: progress.total_chunks > 0 ? Math.floor((progress.received_chunks / progress.total_chunks) * 100) : 0,
        state: 'running',
      };
    case 'queued':
      return {
        title: `Importing ${name}`,
        detail: `Queued: ${plural(progress.total_rows, 'row', 'rows')} received, the import starts in a moment.`,
        percent: 0,
        state: 'running',
      };
    case 'processing':
      return {
        title: `Importing ${name}`,
        detail: `${count.format(progress.processed_rows)} of ${plural(progress.total_rows, 'row', 'rows')} processed · ${plural(progress.inserted_rows, 'new play', 'new plays')} so far.`,
        percent: progress.percent,
        state: 'running',
      };
    case 'completed': {
      const known = Math.max(0, progress.processed_rows - progress.inserted_rows - progress.skipped_rows);
      const parts = [`${plural(progress.inserted_rows, 'new play', 'new plays')} added`, `${count.format(known)} already in Pie`];
      if (progress.skipped_rows > 0) parts.push(`${count.format(progress.skipped_rows)} skipped (podcasts or rows that are not a music play)`);
      return { title: `Imported ${name}`, detail: `${parts.join('; ')}.`, percent: 100, state: 'done' };
    }
    case 'failed':
    default:
      return {
        title: `The import of ${name} failed`,
        detail: progress.error ?? 'Something went wrong on our side. Please upload the file again.',
        percent: progress.percent,
        state: 'failed',
      };
  }
}
