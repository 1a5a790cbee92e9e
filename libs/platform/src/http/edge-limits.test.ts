import { describe, expect, it } from 'vitest';
import { JsonShapeScanner } from './edge-limits.js';

const scan = (chunks: string[], limits = { maxDepth: 3, maxValues: 5 }) => {
  const scanner = new JsonShapeScanner(limits);
  for (const chunk of chunks) {
    const exceeded = scanner.feed(Buffer.from(chunk));
    if (exceeded) return exceeded;
  }
  return scanner.depth === 0 ? 'fits' : 'unbalanced';
};

describe('JsonShapeScanner', () => {
  it('refuses nesting past the depth limit as soon as it arrives', () => {
    expect(scan(['[[[', ']]]'])).toBe('fits');
    expect(scan(['[[[['])).toBe('depth');
    expect(scan(['{"a":{"b":{"c":{}}}}'])).toBe('depth');
  });

  it('counts values by their separators and refuses past the limit', () => {
    expect(scan(['[1,2,3]'])).toBe('fits');
    expect(scan(['[1,2,3,4,5,6]'])).toBe('values');
  });

  it('ignores brackets, commas and escaped quotes inside strings, across chunk boundaries', () => {
    expect(scan(['{"a":"[[[[,,,,,,\\', '"[[[[[", "é[": 1}'])).toBe('fits');
    expect(scan(['["\\\\"', ',[[[[]]]]]'])).toBe('depth');
  });
});
