import type { ApiSuccess, Pagination } from '#pie/contracts';
import { ok } from '#pie/platform';

/** A list response: `{ success, data, pagination: { page, limit, total, pages } }` (DESIGN §9). */
export function paged<T>(data: T, pagination: Pagination, message?: string): ApiSuccess<T> {
  return { ...ok(data, message), pagination };
}
