import { describe, expect, it } from 'vitest';
import { historySearch, readHistoryParams } from './use-history-params';

describe('history state in the URL', () => {
  it('reads page, size, search and period, falling back on anything malformed', () => {
    expect(readHistoryParams(new URLSearchParams('page=3&limit=25&q=%20abba%20&from=2026-01-01&to=2026-01-31'))).toEqual({
      page: 3,
      limit: 25,
      q: 'abba',
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(readHistoryParams(new URLSearchParams('page=-2&limit=7&from=yesterday&to=2026-02-31'))).toEqual({
      page: 1,
      limit: 50,
      q: '',
      from: null,
      to: null,
    });
    expect(readHistoryParams(new URLSearchParams('page=1.5')).page).toBe(1);
  });

  it('writes only what differs from the defaults', () => {
    expect(historySearch({ page: 1, limit: 50, q: '', from: null, to: null })).toBe('');
    expect(historySearch({ page: 2, limit: 10, q: 'rock & roll', from: '2026-01-01', to: null })).toBe('?q=rock+%26+roll&from=2026-01-01&limit=10&page=2');
  });
});
