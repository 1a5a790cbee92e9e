import type { TrackArtist } from '#pie/contracts';
import { Fragment } from 'react';
import { Link } from 'react-router';
import classes from './lists.module.css';

const FONT_SIZE = { xs: 'var(--mantine-font-size-xs)', sm: 'var(--mantine-font-size-sm)', md: 'var(--mantine-font-size-md)' } as const;

/** A track's credited artists, each a link to their page (plain elements: lists show many). */
export function TrackArtists({ artists, size = 'sm' }: { artists: readonly TrackArtist[]; size?: 'xs' | 'sm' | 'md' }) {
  return (
    <span className={classes.artists} style={{ fontSize: FONT_SIZE[size] }}>
      {artists.length === 0
        ? 'Unknown artist'
        : artists.map((artist, index) => (
            <Fragment key={artist.id}>
              {index > 0 && ', '}
              <Link to={`/artist/${artist.id}`} className={classes.link}>
                {artist.name}
              </Link>
            </Fragment>
          ))}
    </span>
  );
}
