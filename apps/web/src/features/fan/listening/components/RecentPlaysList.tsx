import type { PlayItem } from '#pie/contracts';
import { Group, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { formatDateTime } from '../format';
import { ArtistAvatar } from './ArtistAvatar';
import { TrackArtists } from './TrackArtists';

/** The latest plays, newest first. */
export const RecentPlaysList = memo(function RecentPlaysList({ plays, label }: { plays: readonly PlayItem[]; label: string }) {
  return (
    <Stack component="ol" gap="sm" p={0} m={0} aria-label={label} style={{ listStyle: 'none' }}>
      {plays.map((play) => (
        <Group component="li" key={`${play.track.id}-${play.played_at}`} gap="sm" wrap="nowrap">
          <ArtistAvatar name={play.track.name} imageUrl={play.track.image_url} radius="sm" />
          <div style={{ minWidth: 0, flex: 1 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {play.track.name}
            </Text>
            <TrackArtists artists={play.track.artists} />
          </div>
          <Text size="xs" c="dimmed" component="time" dateTime={play.played_at} ta="right">
            {formatDateTime(play.played_at)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
});
