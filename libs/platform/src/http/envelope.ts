import type { ApiSuccess } from '#pie/contracts';

/** A success response in the API's one shape. */
export function ok<T>(data?: T, message?: string): ApiSuccess<T> {
  return { success: true, ...(message ? { message } : {}), ...(data === undefined ? {} : { data }) };
}
