import type { ErrorCode } from './error-codes.js';

/**
 * The one response shape of the whole API (DESIGN §9).
 * Success: `{ success: true, message?, data?, pagination? }`.
 * Failure: `{ success: false, statusCode, code, message, errors? }`, where `code` is stable
 * (error-codes.ts: the client branches on it) and `errors` maps a field path (e.g. `email`)
 * to the messages about that field.
 */
export interface Pagination {
  page: number;
  limit: number;
  total: number;
  pages: number;
}

export interface ApiSuccess<T = unknown> {
  success: true;
  message?: string;
  data?: T;
  pagination?: Pagination;
}

export type FieldErrors = Record<string, string[]>;

export interface ApiFailure {
  success: false;
  statusCode: number;
  code: ErrorCode;
  message: string;
  errors?: FieldErrors;
}

export type ApiResponse<T = unknown> = ApiSuccess<T> | ApiFailure;
