import type { ImportProgress } from '#pie/contracts';
import { Alert, Button, Group, Input, Progress, Stack, Text } from '@mantine/core';
import { useId, type ChangeEvent } from 'react';
import { useExportUpload } from '../hooks/use-export-upload';
import { importProgressView } from '../import-progress';
import { formatNumber } from '@web/shared/format';
import { ImportProgressPanel } from './ImportProgressPanel';

const count = { format: formatNumber };

/** Upload of the Spotify data export: pick, read in the browser, send in chunks, follow the import. */
export function ExportUpload({ latestImport }: { latestImport: ImportProgress | null }) {
  const inputId = useId();
  const { state, choose, upload, reset, progress, progressError } = useExportUpload(latestImport);
  const busy = state.phase === 'reading' || state.phase === 'uploading' || (state.phase === 'importing' && progress?.status !== 'completed' && progress?.status !== 'failed');

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.currentTarget.files ?? []);
    event.currentTarget.value = '';
    void choose(files);
  };

  const following = progress && (state.phase === 'importing' || state.phase === 'idle');
  const staleLatest = state.phase === 'idle' && !following && latestImport ? importProgressView(latestImport) : null;

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Bring in months of history at once: request your data from Spotify’s account privacy page, then pick the listening
        files from it, <Text span ff="monospace">StreamingHistory_music_*.json</Text> (account data) or{' '}
        <Text span ff="monospace">Streaming_History_Audio_*.json</Text> (extended streaming history). The files are read
        in your browser and only the plays are sent. Plays Pie already has are not counted twice.
      </Text>
      <Input.Wrapper label="Export files" id={inputId} description="One or more .json files from the export">
        <input
          id={inputId}
          type="file"
          accept=".json,application/json"
          multiple
          disabled={busy}
          onChange={onFiles}
          aria-describedby={`${inputId}-description`}
          style={{ display: 'block', marginTop: 6, colorScheme: 'dark', maxWidth: '100%' }}
        />
      </Input.Wrapper>

      {state.phase === 'reading' && (
        <Text size="sm" role="status">
          Reading your files...
        </Text>
      )}

      {(state.phase === 'ready' || (state.phase === 'error' && state.plan)) && (
        <Stack gap="xs">
          <Text size="sm" role="status">
            {`Found ${count.format(state.plan!.rows.length)} plays in ${state.plan!.files.map((file) => file.fileName).join(', ')}.`}
            {state.plan!.unreadable > 0 && ` ${count.format(state.plan!.unreadable)} rows could not be read and will be left out.`}
          </Text>
          {state.phase === 'error' && (
            <Alert color="red" variant="light" role="alert">
              {state.message}
            </Alert>
          )}
          <Group gap="sm">
            <Button onClick={() => void upload()}>{state.phase === 'error' ? 'Try the upload again' : `Upload ${count.format(state.plan!.rows.length)} plays`}</Button>
            <Button variant="subtle" onClick={reset}>
              Cancel
            </Button>
          </Group>
        </Stack>
      )}

      {state.phase === 'error' && !state.plan && (
        <Alert color="red" variant="light" role="alert" title="This file cannot be imported">
          {state.message}
        </Alert>
      )}

      {state.phase === 'uploading' && (
        <Stack gap="xs">
          <Text fw={600}>{`Uploading ${state.plan.name}`}</Text>
          <Progress value={Math.floor((state.sent / state.plan.chunks.length) * 100)} size="lg" animated aria-label="Upload progress" />
          <Text size="sm" role="status">
            {`${count.format(state.sent)} of ${count.format(state.plan.chunks.length)} parts sent`}
          </Text>
        </Stack>
      )}

      {state.phase === 'importing' && !progress && !progressError && (
        <Text size="sm" role="status">
          Upload complete. Starting the import...
        </Text>
      )}

      {following && <ImportProgressPanel progress={progress} />}
      {progressError !== undefined && (
        <Alert color="red" variant="light" role="alert">
          The import’s progress could not be loaded; it carries on in the background. Reload the page to check on it.
        </Alert>
      )}
      {following && (progress.status === 'completed' || progress.status === 'failed') && state.phase === 'importing' && (
        <Group>
          <Button variant="light" onClick={reset}>
            Upload more files
          </Button>
        </Group>
      )}

      {staleLatest && latestImport && (
        <Text size="sm" c="dimmed">
          {latestImport.status === 'uploading'
            ? `An earlier upload of ${latestImport.file_name} was not finished. Choose its files again to upload them.`
            : `Latest upload: ${staleLatest.title}. ${staleLatest.detail}`}
        </Text>
      )}
    </Stack>
  );
}
