import type { PlayItem } from '#pie/contracts';
import { memo } from 'react';
import { formatDateTime } from '@web/shared/format';
import { CatalogueImage } from '@web/shared/ui';
import classes from './lists.module.css';
import { TrackArtists } from './TrackArtists';

/** The latest plays, newest first. */
export const RecentPlaysList = memo(function RecentPlaysList({ plays, label }: { plays: readonly PlayItem[]; label: string }) {
  return (
    <ol className={classes.list} aria-label={label}>
      {plays.map((play) => (
        <li key={`${play.track.id}-${play.played_at}`} className={classes.row}>
          <CatalogueImage name={play.track.name} imageUrl={play.track.image_url} radius="sm" />
          <span className={classes.body}>
            <span className={classes.title}>{play.track.name}</span>
            <TrackArtists artists={play.track.artists} />
          </span>
          <time className={classes.time} dateTime={play.played_at}>
            {formatDateTime(play.played_at)}
          </time>
        </li>
      ))}
    </ol>
  );
});
