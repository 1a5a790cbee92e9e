import atlas from 'world-atlas/countries-110m.json';
import { describe, expect, it } from 'vitest';
import { ALPHA2_TO_NUMERIC, numericCountryCode, shapeAlpha2 } from './country-codes';

describe('ISO 3166-1 alpha-2 → numeric', () => {
  it('maps codes of any case to world-atlas’ three-digit ids', () => {
    expect(numericCountryCode('DE')).toBe('276');
    expect(numericCountryCode('us')).toBe('840');
    expect(numericCountryCode('AF')).toBe('004');
    expect(numericCountryCode('GB')).toBe('826');
    expect(numericCountryCode('XX')).toBeUndefined();
  });

  it('is one-to-one over all 249 officially assigned codes', () => {
    const entries = Object.entries(ALPHA2_TO_NUMERIC);
    expect(entries).toHaveLength(249);
    expect(new Set(entries.map(([, numeric]) => numeric)).size).toBe(249);
    expect(entries.every(([alpha2, numeric]) => /^[A-Z]{2}$/.test(alpha2) && /^\d{3}$/.test(numeric))).toBe(true);
  });

  it('names every country shape of world-atlas, the unnumbered ones by name', () => {
    const shapes = (atlas as unknown as { objects: { countries: { geometries: Array<{ id?: string; properties: { name: string } }> } } }).objects.countries.geometries;
    const unnamed = shapes.filter((shape) => !shapeAlpha2(shape.id, shape.properties.name)).map((shape) => shape.properties.name);
    expect(unnamed).toEqual([]);
    expect(shapeAlpha2('276')).toBe('DE');
    expect(shapeAlpha2(36)).toBe('AU');
    expect(shapeAlpha2(undefined, 'Kosovo')).toBe('XK');
  });

  it('agrees with the names world-atlas gives', () => {
    const shapes = (atlas as unknown as { objects: { countries: { geometries: Array<{ id?: string; properties: { name: string } }> } } }).objects.countries.geometries;
    const byName = new Map(shapes.map((shape) => [shape.properties.name, shape.id]));
    expect(byName.get('Germany')).toBe(numericCountryCode('DE'));
    expect(byName.get('Brazil')).toBe(numericCountryCode('BR'));
    expect(byName.get('Japan')).toBe(numericCountryCode('JP'));
    expect(byName.get('Nigeria')).toBe(numericCountryCode('NG'));
    expect(byName.get('South Korea')).toBe(numericCountryCode('KR'));
  });
});
