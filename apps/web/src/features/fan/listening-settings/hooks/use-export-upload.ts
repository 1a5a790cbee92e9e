import type { ImportProgress } from '#pie/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { errorMessage, errorStatus } from '@web/shared/api';
import { listeningSettingsApi, useGetImportProgressQuery, useSendImportChunkMutation, useStartImportMutation } from '../api/listening-settings.api';
import { ExportFileError, parseExportFile, planUpload, type UploadPlan } from '../export-parser';

export type UploadState =
  | { phase: 'idle' }
  | { phase: 'reading' }
  | { phase: 'ready'; plan: UploadPlan }
  | { phase: 'uploading'; plan: UploadPlan; sent: number }
  | { phase: 'importing'; importId: string }
  | { phase: 'error'; message: string; plan?: UploadPlan };

const ACTIVE: ReadonlyArray<ImportProgress['status']> = ['queued', 'processing'];
export const IMPORT_POLL_MS = 1_000;
const CHUNK_ATTEMPTS = 3;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A network failure, a timeout or a 5xx: worth sending the same chunk again (it is idempotent). */
function transient(error: unknown): boolean {
  const status = errorStatus(error);
  return status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR' || (typeof status === 'number' && status >= 500);
}

/**
 * Picking, reading, uploading and following an export upload. `latestImport` (from the activity)
 * lets a reloaded page keep following an import the worker is still running.
 */
export function useExportUpload(latestImport: ImportProgress | null | undefined) {
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const [startImport] = useStartImportMutation();
  const [sendChunk] = useSendImportChunkMutation();
  const dispatch = useDispatch();
  const cancelled = useRef(false);
  useEffect(() => {
    cancelled.current = false;
    return () => {
      cancelled.current = true;
    };
  }, []);

  // An import the worker is still on when the page opens: follow it.
  const resumedId = latestImport && ACTIVE.includes(latestImport.status) ? latestImport.id : null;
  const importId = state.phase === 'importing' ? state.importId : state.phase === 'idle' ? resumedId : null;

  const [finished, setFinished] = useState<string | null>(null);
  const polling = importId !== null && finished !== importId;
  const progressQuery = useGetImportProgressQuery(importId ?? skipToken, {
    pollingInterval: polling ? IMPORT_POLL_MS : 0,
    skipPollingIfUnfocused: false,
  });
  const progress = importId ? progressQuery.data : undefined;

  useEffect(() => {
    if (!progress || !importId || progress.id !== importId) return;
    if (progress.status === 'completed' || progress.status === 'failed') {
      if (finished === importId) return;
      setFinished(importId);
      // New plays: every figure computed from them is stale now.
      dispatch(listeningSettingsApi.util.invalidateTags(['Listening', 'ListeningConnection']));
    }
  }, [dispatch, finished, importId, progress]);

  const choose = useCallback(async (files: readonly File[]) => {
    if (files.length === 0) {
      setState({ phase: 'idle' });
      return;
    }
    setState({ phase: 'reading' });
    try {
      const parsed = [];
      for (const file of files) parsed.push(await parseExportFile(file));
      const plan = planUpload(parsed);
      if (!cancelled.current) setState({ phase: 'ready', plan });
    } catch (error) {
      const message = error instanceof ExportFileError ? error.message : 'The files could not be read.';
      if (!cancelled.current) setState({ phase: 'error', message });
    }
  }, []);

  const upload = useCallback(async () => {
    if (state.phase !== 'ready' && !(state.phase === 'error' && state.plan)) return;
    const plan = state.plan!;
    const { chunks } = plan;
    setState({ phase: 'uploading', plan, sent: 0 });
    try {
      // Chunk 0 creates the upload; it is not retried (a second POST would start a second upload).
      const first = await startImport({ fileName: plan.name, totalChunks: chunks.length, rows: chunks[0]! }).unwrap();
      const id = first.data?.id;
      if (!id) throw new Error('The server did not name the upload');
      if (!cancelled.current) setState({ phase: 'uploading', plan, sent: 1 });
      for (let index = 1; index < chunks.length; index += 1) {
        for (let attempt = 1; ; attempt += 1) {
          try {
            await sendChunk({ id, index, rows: chunks[index]! }).unwrap();
            break;
          } catch (error) {
            if (attempt >= CHUNK_ATTEMPTS || !transient(error)) throw error;
            await wait(1_000 * 2 ** (attempt - 1));
          }
        }
        if (cancelled.current) return;
        setState({ phase: 'uploading', plan, sent: index + 1 });
      }
      if (!cancelled.current) setState({ phase: 'importing', importId: id });
    } catch (error) {
      if (!cancelled.current) {
        setState({ phase: 'error', plan, message: errorMessage(error, 'The upload did not go through. Please try again.') });
      }
    }
  }, [sendChunk, startImport, state]);

  const reset = useCallback(() => setState({ phase: 'idle' }), []);

  return {
    state,
    choose,
    upload,
    reset,
    /** The worker's progress of the upload being followed. */
    progress,
    progressError: importId && progressQuery.isError ? progressQuery.error : undefined,
  };
}
