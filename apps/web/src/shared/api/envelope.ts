import type { ApiSuccess, Pagination } from '#pie/contracts';

/** A list response as the screens use it: the rows and the server's `pagination`. */
export interface Paged<T> {
  items: T[];
  pagination: Pagination;
}

/** The `data` of the API's success envelope (a `transformResponse` for every single-value endpoint). */
export function unwrap<T>(response: ApiSuccess<T>): T {
  if (response.data === undefined) throw new Error('The server answered without data');
  return response.data;
}

/** A list's rows and its `pagination` (one page of everything when the server sent none). */
export function unwrapPage<T>(response: ApiSuccess<T[]>): Paged<T> {
  const items = response.data ?? [];
  return { items, pagination: response.pagination ?? singlePage(items.length) };
}

/** The pagination of a list that fits on one page. */
export function singlePage(count: number): Pagination {
  return { page: 1, limit: count, total: count, pages: 1 };
}
