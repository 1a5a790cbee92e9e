import type { TrackArtist } from '#pie/contracts';
import { Anchor, Text } from '@mantine/core';
import { Fragment } from 'react';
import { Link } from 'react-router';

/** A track's credited artists, each a link to their page. */
export function TrackArtists({ artists, size = 'sm' }: { artists: readonly TrackArtist[]; size?: 'xs' | 'sm' | 'md' }) {
  if (artists.length === 0) {
    return (
      <Text size={size} c="dimmed" component="span">
        Unknown artist
      </Text>
    );
  }
  return (
    <Text size={size} c="dimmed" component="span">
      {artists.map((artist, index) => (
        <Fragment key={artist.id}>
          {index > 0 && ', '}
          <Anchor component={Link} to={`/artist/${artist.id}`} size={size} c="dimmed">
            {artist.name}
          </Anchor>
        </Fragment>
      ))}
    </Text>
  );
}
