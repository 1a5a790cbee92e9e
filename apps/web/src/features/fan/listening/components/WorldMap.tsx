import { Alert } from '@mantine/core';
import { geoNaturalEarth1, geoPath } from 'd3-geo';
import { useMemo } from 'react';
import { bucketColor, type Bucket } from '../choropleth';
import { useWorldShapes } from '../hooks/use-world-shapes';
import { WORLD_MAP_SIZE, WorldMapPlaceholder } from './WorldMapPlaceholder';

const { width: WIDTH, height: HEIGHT } = WORLD_MAP_SIZE;

export interface WorldMapProps {
  /** Listened ms per alpha-2 code. */
  values: ReadonlyMap<string, number>;
  buckets: readonly Bucket[];
  /** Names the picture for assistive technology (the table carries the figures). */
  label: string;
  /** A country's hover text. */
  describe: (code: string, name: string) => string;
}

/** The choropleth (d3-geo over world-atlas; this module is loaded lazily). */
export default function WorldMap({ values, buckets, label, describe }: WorldMapProps) {
  const shapes = useWorldShapes();
  const paths = useMemo(() => {
    if (shapes.status !== 'ready') return [];
    const collection = { type: 'FeatureCollection' as const, features: shapes.shapes.map((shape) => shape.feature) };
    const projection = geoNaturalEarth1().fitSize([WIDTH, HEIGHT], collection);
    const path = geoPath(projection);
    return shapes.shapes.map((shape, index) => ({
      key: `${shape.code ?? shape.name}-${index}`,
      code: shape.code,
      d: path(shape.feature) ?? '',
      fill: shape.code ? bucketColor(values.get(shape.code) ?? 0, buckets) : bucketColor(0, buckets),
      title: shape.code ? describe(shape.code, shape.name) : shape.name,
    }));
  }, [shapes, values, buckets, describe]);

  if (shapes.status === 'loading') return <WorldMapPlaceholder />;
  if (shapes.status === 'error') {
    return (
      <Alert color="red" variant="light" role="alert">
        The map could not be loaded. The table below has every country.
      </Alert>
    );
  }
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" aria-label={label} style={{ display: 'block', height: 'auto' }}>
      {paths.map((shape) => (
        <path key={shape.key} d={shape.d} fill={shape.fill} stroke="#0e0a1a" strokeWidth={0.5} data-country={shape.code}>
          <title>{shape.title}</title>
        </path>
      ))}
    </svg>
  );
}
