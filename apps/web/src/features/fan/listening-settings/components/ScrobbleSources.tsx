import { Alert, Badge, Button, Divider, Group, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ListeningSourceState } from '#pie/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useSearchParams } from 'react-router';
import { errorMessage } from '@web/shared/api';
import { browserLocation } from '@web/shared/browser';
import {
  listeningSettingsApi,
  useConnectListenBrainzMutation,
  useDisconnectSourceMutation,
  useGetListeningSourcesQuery,
  useStartLastfmMutation,
} from '../api/listening-settings.api';
import { SOURCE_NAMES, sourceView } from '../source-state';

const BADGE_COLOR = { connected: 'teal', working: 'blue', broken: 'red', off: 'gray' } as const;
/** While a back-fill runs, settings read its progress this often. */
const BACKFILL_REFRESH_MS = 3_000;

const RETURN_NOTICE: Record<string, { ok: boolean; text: string }> = {
  connected: { ok: true, text: 'Last.fm connected. Pie is reading your scrobbles; your listening appears as it arrives.' },
  denied: { ok: false, text: 'Last.fm was not connected: access was not allowed on Last.fm.' },
  failed: { ok: false, text: 'Last.fm could not be connected. Please try again from here.' },
};

/**
 * Settings › Listening › Scrobbling services: Last.fm (connected on Last.fm's own page) and
 * ListenBrainz (with the user token), each with its state — connected, reading the history with
 * its progress, the last read, broken with the reason — and connect / disconnect.
 */
export function ScrobbleSources() {
  const [params] = useSearchParams();
  const dispatch = useDispatch();
  const [refreshMs, setRefreshMs] = useState(0);
  // Read again only while a back-fill runs: its progress moves.
  const query = useGetListeningSourcesQuery(undefined, { pollingInterval: refreshMs });
  const backfilling = query.data?.some((source) => source.status === 'backfilling') ?? false;
  const wasBackfilling = useRef(false);
  useEffect(() => {
    setRefreshMs(backfilling ? BACKFILL_REFRESH_MS : 0);
    // A back-fill finished: every listening figure has new plays behind it.
    if (wasBackfilling.current && !backfilling) dispatch(listeningSettingsApi.util.invalidateTags(['Listening']));
    wasBackfilling.current = backfilling;
  }, [backfilling, dispatch]);
  const returned = params.get('source') === 'lastfm' ? RETURN_NOTICE[params.get('result') ?? ''] : undefined;

  if (query.isLoading) return <Text c="dimmed">Loading your scrobbling services…</Text>;
  if (query.isError || !query.data)
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(query.error, 'Could not load your scrobbling services.')}{' '}
        <Button variant="subtle" size="compact-sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  return (
    <Stack gap="md">
      {returned && (
        <Alert color={returned.ok ? 'teal' : 'red'} variant="light" role={returned.ok ? 'status' : 'alert'}>
          {returned.text}
        </Alert>
      )}
      {query.data.map((state, index) => (
        <Stack key={state.source} gap="md">
          {index > 0 && <Divider />}
          <SourceCard state={state} />
        </Stack>
      ))}
    </Stack>
  );
}

function SourceCard({ state }: { state: ListeningSourceState }) {
  const headingId = useId();
  const view = sourceView(state);
  const name = SOURCE_NAMES[state.source];
  const [disconnect, disconnecting] = useDisconnectSourceMutation();
  const [error, setError] = useState<string | null>(null);

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Group gap="sm" wrap="wrap">
        <Title order={4} size="h5" id={headingId}>
          {name}
        </Title>
        <Badge color={BADGE_COLOR[view.tone]} variant="light">
          {view.badge}
        </Badge>
      </Group>
      {view.progress !== null && <Progress value={view.progress} aria-label={`${name} history read`} animated />}
      <Stack gap={2}>
        {view.details.map((line) => (
          <Text key={line} size="sm" c={view.tone === 'broken' ? undefined : 'dimmed'}>
            {line}
          </Text>
        ))}
      </Stack>
      <Group gap="sm" wrap="wrap" align="flex-end">
        {view.canConnect && (state.source === 'lastfm' ? <ConnectLastfm reconnect={state.status !== 'not-connected'} onError={setError} /> : <ConnectListenBrainz onError={setError} />)}
        {view.canDisconnect && (
          <Button
            variant="default"
            loading={disconnecting.isLoading}
            onClick={() => {
              setError(null);
              disconnect(state.source)
                .unwrap()
                .catch((failure: unknown) => setError(errorMessage(failure, `Could not disconnect ${name}. Please try again.`)));
            }}
          >
            Disconnect {name}
          </Button>
        )}
      </Group>
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}

/** 'Connect Last.fm': Pie names Last.fm's authorisation page; the browser goes there and comes back to settings. */
function ConnectLastfm({ reconnect, onError }: { reconnect: boolean; onError: (message: string | null) => void }) {
  const [start] = useStartLastfmMutation();
  const [leaving, setLeaving] = useState(false);
  return (
    <Button
      loading={leaving}
      onClick={() => {
        setLeaving(true);
        onError(null);
        start()
          .unwrap()
          .then((answer) => {
            if (!answer.data?.url) throw new Error('The server did not say where to continue');
            browserLocation.assign(answer.data.url);
          })
          .catch((failure: unknown) => {
            onError(errorMessage(failure, 'Could not start connecting Last.fm. Please try again.'));
            setLeaving(false);
          });
      }}
    >
      {reconnect ? 'Connect Last.fm again' : 'Connect Last.fm'}
    </Button>
  );
}

/** ListenBrainz has no app authorisation: the fan pastes the user token from their ListenBrainz settings page. */
function ConnectListenBrainz({ onError }: { onError: (message: string | null) => void }) {
  const [token, setToken] = useState('');
  const [connect, connecting] = useConnectListenBrainzMutation();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onError(null);
        connect({ token: token.trim() })
          .unwrap()
          .then(() => setToken(''))
          .catch((failure: unknown) => onError(errorMessage(failure, 'Could not connect ListenBrainz. Please try again.')));
      }}
    >
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="ListenBrainz user token"
          description="From your ListenBrainz settings page"
          value={token}
          onChange={(event) => setToken(event.currentTarget.value)}
          autoComplete="off"
          required
        />
        <Button type="submit" loading={connecting.isLoading} disabled={token.trim().length === 0}>
          Connect ListenBrainz
        </Button>
      </Group>
    </form>
  );
}
