import type { ArtistSummary } from '#pie/contracts';
import { memo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CatalogueImage } from '@web/shared/ui';
import classes from './lists.module.css';

/** Artists in rank order, each with a picture and a link to their page. */
function TopArtistsListImpl<T extends ArtistSummary>({ artists, detail, label }: { artists: readonly T[]; detail: (artist: T) => ReactNode; label: string }) {
  return (
    <ol className={classes.list} aria-label={label}>
      {artists.map((artist, index) => (
        <li key={artist.id} className={classes.row}>
          <span className={classes.rank} aria-hidden="true">
            {index + 1}
          </span>
          <CatalogueImage name={artist.name} imageUrl={artist.image_url} />
          <span className={classes.body}>
            <Link to={`/artist/${artist.id}`} className={`${classes.link} ${classes.title}`}>
              {artist.name}
            </Link>
            <span className={classes.detail}>{detail(artist)}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** Memoized: a parent's re-render (another query arriving) leaves an unchanged list alone. */
export const TopArtistsList = memo(TopArtistsListImpl) as typeof TopArtistsListImpl;
