import type { ApiSuccess, Pagination } from '#pie/contracts';

/** A success response in the API's one shape. */
export function ok<T>(data?: T, message?: string): ApiSuccess<T> {
  return { success: true, ...(message ? { message } : {}), ...(data === undefined ? {} : { data }) };
}

/** A list response: `{ success, data, pagination: { page, limit, total, pages } }` (DESIGN §9). */
export function paged<T>(data: T, pagination: Pagination, message?: string): ApiSuccess<T> {
  return { ...ok(data, message), pagination };
}
