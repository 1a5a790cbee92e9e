import { Alert, Button, Stack, Text } from '@mantine/core';
import { errorMessage } from '@web/shared/api';
import { formatCount, formatListened, NOUNS } from '@web/shared/format';
import { useAddMissingTracksMutation, useGetOrphanedTracksQuery } from '../api/pies.api';

/**
 * Plays in this period of tracks whose details (and so their artists) are still missing: they count
 * toward the split once found. The fan can ask for the look-up now instead of waiting for it.
 * Nothing shows while there are none, or if the list cannot be read (the page works without it).
 */
export function MissingTracksNotice({ pieId }: { pieId: string }) {
  const orphans = useGetOrphanedTracksQuery(pieId);
  const [lookUp, lookup] = useAddMissingTracksMutation();
  const tracks = orphans.data ?? [];
  if (tracks.length === 0) return null;
  const plays = tracks.reduce((sum, track) => sum + track.plays, 0);
  const listenedMs = tracks.reduce((sum, track) => sum + track.listenedMs, 0);
  return (
    <Alert color="blue" title="Some of your listening is waiting for track details">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {`${formatCount(plays, NOUNS.play)} (${formatListened(listenedMs)}) of ${formatCount(tracks.length, NOUNS.track)} this period count toward your pie once we know who made them.`}
        </Text>
        {lookup.isSuccess ? (
          <Text size="sm" role="status">
            Looking them up now. Your split updates once they are found.
          </Text>
        ) : (
          <Button size="xs" variant="light" loading={lookup.isLoading} onClick={() => void lookUp()}>
            Look them up now
          </Button>
        )}
        {lookup.isError && (
          <Text size="sm" c="red" role="alert">
            {errorMessage(lookup.error, 'The look-up could not be started.')}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
