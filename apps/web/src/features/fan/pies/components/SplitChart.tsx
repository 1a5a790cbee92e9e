import type { PieSplitArtist } from '#pie/contracts';
import { Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { REASON_LABEL } from '../format';
import { formatListened, formatMoney } from '../../../../shared/format';
import classes from './pies.module.css';

/** The split as bars (one per artist paid) and the artists left out with the reason. */
export const SplitChart = memo(function SplitChart({ artists, amountCents }: { artists: readonly PieSplitArtist[]; amountCents: number }) {
  const paid = artists.filter((artist) => artist.selected);
  const left = artists.filter((artist) => !artist.selected);
  const top = Math.max(1, ...paid.map((artist) => artist.shareCents));
  if (artists.length === 0) return <Text c="dimmed">No listening in this period yet. Your pie is split among the artists you listen to.</Text>;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {`${formatMoney(amountCents)} split among ${paid.length} artist${paid.length === 1 ? '' : 's'}`}
      </Text>
      <ol className={classes.bars} aria-label="Your split">
        {paid.map((artist) => (
          <li key={artist.artistId} className={classes.bar} data-testid="split-row">
            <span className={classes.name}>{artist.name}</span>
            <span className={classes.amount}>
              <strong>{formatMoney(artist.shareCents)}</strong>
              <Text span size="xs" c="dimmed">{` · ${(artist.weight * 100).toFixed(1)}% · ${formatListened(artist.listenedMs)}`}</Text>
            </span>
            <span className={classes.track} aria-hidden="true">
              <span className={classes.fill} style={{ width: `${(artist.shareCents / top) * 100}%`, display: 'block' }} />
            </span>
          </li>
        ))}
      </ol>
      {left.length > 0 && (
        <details>
          <Text component="summary" size="sm" style={{ cursor: 'pointer' }}>
            {`${left.length} artist${left.length === 1 ? '' : 's'} not in this split`}
          </Text>
          <ul className={classes.bars}>
            {left.map((artist) => (
              <li key={artist.artistId} className={`${classes.bar} ${classes.excluded}`}>
                <span className={classes.name}>{artist.name}</span>
                <span className={classes.amount}>{REASON_LABEL[artist.reason ?? ''] ?? 'Not included'}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </Stack>
  );
});
