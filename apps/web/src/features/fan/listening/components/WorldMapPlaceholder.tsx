import { LoadingBlock } from '@web/shared/ui';

/** The world map's drawing box (WorldMap's viewBox): its placeholder takes the same room. */
export const WORLD_MAP_SIZE = { width: 960, height: 470 } as const;

/** While the map's code loads: a box of the map's shape, so what follows it doesn't move when the map arrives. */
export function WorldMapPlaceholder() {
  return (
    <div style={{ aspectRatio: `${WORLD_MAP_SIZE.width} / ${WORLD_MAP_SIZE.height}` }}>
      <LoadingBlock label="Loading the map..." />
    </div>
  );
}
