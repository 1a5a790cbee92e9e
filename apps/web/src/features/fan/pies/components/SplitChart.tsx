import type { PieSplitArtist } from '#pie/contracts';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { REASON_LABEL } from '../format';
import { formatListened, formatMoney } from '@web/shared/format';
import classes from './pies.module.css';

/**
 * The split as bars (one per artist paid) and the artists left out with the reason. An estimate
 * (`estimateDays`: computed from the fan's last days of listening, not the period's) says so.
 */
export const SplitChart = memo(function SplitChart({ artists, amountCents, estimateDays }: { artists: readonly PieSplitArtist[]; amountCents: number; estimateDays?: number }) {
  const paid = artists.filter((artist) => artist.selected);
  const left = artists.filter((artist) => !artist.selected);
  const top = Math.max(1, ...paid.map((artist) => artist.shareCents));
  const among = `${paid.length} artist${paid.length === 1 ? '' : 's'}`;
  if (artists.length === 0) {
    return (
      <Text c="dimmed">
        {estimateDays
          ? `No listening in your last ${estimateDays} days to estimate from yet. Connect your listening in Settings: your pie is split among the artists you listen to.`
          : 'No listening in this period yet. Your pie is split among the artists you listen to.'}
      </Text>
    );
  }
  return (
    <Stack gap="md">
      {estimateDays ? (
        <Group gap="xs" wrap="nowrap" align="baseline">
          <Badge variant="outline" color="yellow" style={{ flexShrink: 0 }}>
            Estimate
          </Badge>
          <Text size="sm">{`${formatMoney(amountCents)} would be split among ${among}, going by your last ${estimateDays} days of listening`}</Text>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {`${formatMoney(amountCents)} split among ${among}`}
        </Text>
      )}
      <ol className={classes.bars} aria-label={estimateDays ? 'Your estimated split' : 'Your split'}>
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
