import { ExtendedStreamingHistoryRow, IMPORT_MAX_CHUNKS, IMPORT_MAX_ROWS_PER_CHUNK, StreamingHistoryRow } from '#pie/contracts';

/**
 * Reading the provider's account-data export in the browser: `StreamingHistory*.json` (basic:
 * endTime, artistName, trackName, msPlayed) and the extended `Streaming_History_Audio_*.json`
 * (ts, ms_played, master_metadata_*, spotify_track_uri). Rows are slimmed to the fields the API
 * reads, checked against the contract's row schemas, and cut into chunks that fit a request.
 */

export type ExportFormat = 'basic' | 'extended';

export type SlimRow = StreamingHistoryRow | ExtendedStreamingHistoryRow;

export interface ParsedExport {
  fileName: string;
  format: ExportFormat;
  rows: SlimRow[];
  /** Rows in the file. */
  total: number;
  /** Rows that looked like plays but could not be read (left out). */
  unreadable: number;
}

/** A file the page refuses, with a message for the fan. */
export class ExportFileError extends Error {
  override name = 'ExportFileError';
}

/** The API takes 1 MiB a request: rows get this much, the rest of the body well under the margin. */
export const CHUNK_MAX_BYTES = 900_000;

const WHICH_FILES = 'Choose the StreamingHistory*.json or Streaming_History_Audio_*.json files from your Spotify data export.';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const looksBasic = (row: Record<string, unknown>) => 'endTime' in row && 'msPlayed' in row;
const looksExtended = (row: Record<string, unknown>) => 'ts' in row && 'ms_played' in row;

function slimBasic(row: Record<string, unknown>) {
  return { endTime: row.endTime, artistName: row.artistName, trackName: row.trackName, msPlayed: row.msPlayed };
}

function slimExtended(row: Record<string, unknown>) {
  return {
    ts: row.ts,
    ms_played: row.ms_played,
    master_metadata_track_name: row.master_metadata_track_name ?? null,
    master_metadata_album_artist_name: row.master_metadata_album_artist_name ?? null,
    master_metadata_album_album_name: row.master_metadata_album_album_name ?? null,
    spotify_track_uri: row.spotify_track_uri ?? null,
  };
}

/** Reads one export file's text; throws `ExportFileError` with the reason when it is not one. */
export function parseExportText(fileName: string, text: string): ParsedExport {
  if (!/\.json$/i.test(fileName)) throw new ExportFileError(`${fileName} is not a .json file. ${WHICH_FILES}`);
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new ExportFileError(`${fileName} could not be read: it is not valid JSON. ${WHICH_FILES}`);
  }
  if (!Array.isArray(data)) throw new ExportFileError(`${fileName} is not a listening history. ${WHICH_FILES}`);
  if (data.length === 0) throw new ExportFileError(`${fileName} has no plays in it.`);

  const records = data.filter(isRecord);
  const basic = records.filter(looksBasic).length;
  const extended = records.filter(looksExtended).length;
  const format: ExportFormat = extended > basic ? 'extended' : 'basic';
  const recognised = Math.max(basic, extended);
  // A few odd rows are fine; a file whose rows are mostly something else is not a listening history.
  if (recognised === 0 || recognised < data.length / 2) {
    throw new ExportFileError(`${fileName} is not a listening history. ${WHICH_FILES}`);
  }

  const rows: SlimRow[] = [];
  for (const item of data) {
    if (!isRecord(item)) continue;
    if (format === 'basic' && looksBasic(item)) {
      const parsed = StreamingHistoryRow.safeParse(slimBasic(item));
      if (parsed.success) rows.push(parsed.data);
    } else if (format === 'extended' && looksExtended(item)) {
      const parsed = ExtendedStreamingHistoryRow.safeParse(slimExtended(item));
      if (parsed.success) rows.push(parsed.data);
    }
  }
  if (rows.length === 0) throw new ExportFileError(`None of the plays in ${fileName} could be read. ${WHICH_FILES}`);
  return { fileName, format, rows, total: data.length, unreadable: data.length - rows.length };
}

/** Reads a picked file (File.text) and parses it. */
export async function parseExportFile(file: Blob & { name: string }): Promise<ParsedExport> {
  let text: string;
  try {
    text = await file.text();
  } catch {
    throw new ExportFileError(`${file.name} could not be read.`);
  }
  return parseExportText(file.name, text);
}

const encoder = new TextEncoder();

/**
 * Rows in order, cut into chunks of at most `maxRows` rows and `maxBytes` bytes of JSON each
 * (the contract's 10,000 rows and the API's 1 MB body limit).
 */
export function chunkRows<T>(rows: readonly T[], { maxRows = IMPORT_MAX_ROWS_PER_CHUNK, maxBytes = CHUNK_MAX_BYTES } = {}): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let bytes = 2;
  for (const row of rows) {
    const size = encoder.encode(JSON.stringify(row)).length + 1;
    if (current.length > 0 && (current.length >= maxRows || bytes + size > maxBytes)) {
      chunks.push(current);
      current = [];
      bytes = 2;
    }
    current.push(row);
    bytes += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** The upload's name (the API wants a .json name of at most 200 characters). */
export function uploadName(fileNames: readonly string[]): string {
  if (fileNames.length === 1) return fileNames[0]!.slice(-200);
  const all = `${fileNames.length} files: ${fileNames.join(', ')}`;
  if (all.length <= 200) return all;
  const last = fileNames[fileNames.length - 1]!;
  return `${fileNames.length} files: ${fileNames[0]}, …, ${last}`.slice(-200);
}

export interface UploadPlan {
  name: string;
  format: ExportFormat | 'mixed';
  files: ParsedExport[];
  rows: SlimRow[];
  chunks: SlimRow[][];
  unreadable: number;
}

/** Several parsed files as one upload; refuses one too big for the API's chunk limit. */
export function planUpload(files: readonly ParsedExport[], options?: { maxRows?: number; maxBytes?: number }): UploadPlan {
  const rows = files.flatMap((file) => file.rows);
  const chunks = chunkRows(rows, options);
  if (chunks.length > IMPORT_MAX_CHUNKS) {
    throw new ExportFileError('These files are too big to upload at once. Upload them a few at a time.');
  }
  const formats = new Set(files.map((file) => file.format));
  return {
    name: uploadName(files.map((file) => file.fileName)),
    format: formats.size === 1 ? [...formats][0]! : 'mixed',
    files: [...files],
    rows,
    chunks,
    unreadable: files.reduce((sum, file) => sum + file.unreadable, 0),
  };
}
