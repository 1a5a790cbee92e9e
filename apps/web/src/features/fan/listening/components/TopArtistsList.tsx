import type { ArtistSummary } from '#pie/contracts';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ArtistAvatar } from './ArtistAvatar';

/** Artists in rank order, each with a picture and a link to their page. */
function TopArtistsListImpl<T extends ArtistSummary>({ artists, detail, label }: { artists: readonly T[]; detail: (artist: T) => ReactNode; label: string }) {
  return (
    <Stack component="ol" gap="sm" p={0} m={0} aria-label={label} style={{ listStyle: 'none' }}>
      {artists.map((artist, index) => (
        <Group component="li" key={artist.id} gap="sm" wrap="nowrap">
          <Text c="dimmed" w={24} ta="right" aria-hidden="true">
            {index + 1}
          </Text>
          <ArtistAvatar name={artist.name} imageUrl={artist.image_url} />
          <div style={{ minWidth: 0 }}>
            <Anchor component={Link} to={`/artist/${artist.id}`} fw={600} underline="hover" style={{ overflowWrap: 'anywhere' }}>
              {artist.name}
            </Anchor>
            <Text size="sm" c="dimmed">
              {detail(artist)}
            </Text>
          </div>
        </Group>
      ))}
    </Stack>
  );
}

/** Memoized: a parent's re-render (another query arriving) leaves an unchanged list alone. */
export const TopArtistsList = memo(TopArtistsListImpl) as typeof TopArtistsListImpl;
