import { describe, expect, it } from 'vitest';
import { containsPattern, pagination } from './paging.js';

describe('pagination', () => {
  it('counts whole pages, a partial last page included, and none for an empty list', () => {
    expect(pagination(1, 20, 41)).toEqual({ page: 1, limit: 20, total: 41, pages: 3 });
    expect(pagination(2, 20, 40)).toEqual({ page: 2, limit: 20, total: 40, pages: 2 });
    expect(pagination(3, 10, 0)).toEqual({ page: 3, limit: 10, total: 0, pages: 0 });
  });
});

describe('containsPattern', () => {
  it('matches anywhere and takes the search’s own %, _ and backslash literally', () => {
    expect(containsPattern('ana')).toBe('%ana%');
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
