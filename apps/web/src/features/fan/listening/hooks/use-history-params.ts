import { useSearchParams, type To } from 'react-router';
import { isDay } from '../period';

export const HISTORY_PAGE_SIZES = [10, 25, 50, 100] as const;
export const HISTORY_DEFAULT_LIMIT = 50;
const MAX_PAGE = 100_000;

/** The history screen's state, all of it in the URL: `?page=2&limit=25&q=abba&from=2026-01-01&to=2026-01-31`. */
export interface HistoryParams {
  page: number;
  limit: number;
  /** Search text ('' for none). */
  q: string;
  /** Local days, `to` included; null when unset. */
  from: string | null;
  to: string | null;
}

/** Reads the URL leniently: anything malformed falls back to its default. */
export function readHistoryParams(params: URLSearchParams): HistoryParams {
  const page = Number(params.get('page'));
  const limit = Number(params.get('limit'));
  const from = params.get('from');
  const to = params.get('to');
  return {
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
    limit: (HISTORY_PAGE_SIZES as readonly number[]).includes(limit) ? limit : HISTORY_DEFAULT_LIMIT,
    q: (params.get('q') ?? '').trim().slice(0, 100),
    from: isDay(from) ? from : null,
    to: isDay(to) ? to : null,
  };
}

/** The query string of a state (defaults left out), e.g. "?page=2&q=abba". */
export function historySearch(state: HistoryParams): string {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.from) params.set('from', state.from);
  if (state.to) params.set('to', state.to);
  if (state.limit !== HISTORY_DEFAULT_LIMIT) params.set('limit', String(state.limit));
  if (state.page !== 1) params.set('page', String(state.page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

export function useHistoryParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = readHistoryParams(searchParams);
  return {
    state,
    /** Changes some of the state (a new search goes back to page 1 unless a page is given). */
    update: (patch: Partial<HistoryParams>) => {
      const next = { ...state, page: 1, ...patch };
      setSearchParams(new URLSearchParams(historySearch(next)));
    },
    linkTo: (page: number): To => ({ search: historySearch({ ...state, page }) }),
  };
}
