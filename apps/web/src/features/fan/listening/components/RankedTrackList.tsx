import type { TrackSummary } from '#pie/contracts';
import { Group, Stack, Text } from '@mantine/core';
import { CatalogueImage } from '@web/shared/ui';
import { TrackArtists } from './TrackArtists';

/** Tracks in rank order with their album covers, their artists and a line of figures (`detail`). */
export function RankedTrackList<T extends { track: TrackSummary }>({ items, label, detail }: { items: readonly T[]; label: string; detail: (item: T) => string }) {
  return (
    <Stack component="ol" gap="xs" p={0} m={0} aria-label={label} style={{ listStyle: 'none' }}>
      {items.map((item, index) => (
        <Group component="li" key={item.track.id} gap="sm" wrap="nowrap" align="flex-start">
          <Text c="dimmed" w={24} ta="right" aria-hidden="true">
            {index + 1}
          </Text>
          <CatalogueImage name={item.track.album ?? item.track.name} imageUrl={item.track.image_url} radius="sm" />
          <div style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {item.track.name}
            </Text>
            <TrackArtists artists={item.track.artists} />
            <Text size="xs" c="dimmed">
              {detail(item)}
            </Text>
          </div>
        </Group>
      ))}
    </Stack>
  );
}
