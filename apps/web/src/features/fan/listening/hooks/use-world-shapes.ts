import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { useEffect, useState } from 'react';
import { shapeAlpha2 } from '../country-codes';

export interface CountryShape {
  /** ISO 3166-1 alpha-2, when the shape is a country we can name. */
  code: string | undefined;
  name: string;
  feature: Feature<Geometry, { name: string }>;
}

type ShapesState = { status: 'loading' } | { status: 'ready'; shapes: CountryShape[] } | { status: 'error' };

let cached: Promise<CountryShape[]> | null = null;

/** world-atlas' 1:110m countries as GeoJSON, loaded on first use (a lazy chunk of ~100 kB). */
export function loadWorldShapes(): Promise<CountryShape[]> {
  cached ??= Promise.all([import('world-atlas/countries-110m.json'), import('topojson-client')])
    .then(([atlas, topojson]) => {
      // The JSON's inferred type is not a Topology; its shape is world-atlas' documented one.
      const topology = (atlas.default ?? atlas) as unknown as Parameters<typeof topojson.feature>[0];
      const collection = topojson.feature(topology, (topology.objects as Record<string, Parameters<typeof topojson.feature>[1]>).countries!) as unknown as FeatureCollection<
        Geometry,
        { name: string }
      >;
      return collection.features
        .filter((shape) => shape.id !== '010') // Antarctica: no artists, and it takes a quarter of the map.
        .map((shape) => ({ code: shapeAlpha2(shape.id, shape.properties.name), name: shape.properties.name, feature: shape }));
    })
    .catch((error: unknown) => {
      cached = null;
      throw error;
    });
  return cached;
}

export function useWorldShapes(): ShapesState {
  const [state, setState] = useState<ShapesState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    loadWorldShapes().then(
      (shapes) => live && setState({ status: 'ready', shapes }),
      () => live && setState({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
