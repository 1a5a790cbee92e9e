import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import type { FieldErrors } from '#pie/contracts';

/** What an RTK Query hook or `unwrap()` can fail with. */
export type ApiError = FetchBaseQueryError | SerializedError;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The HTTP status, or FETCH_ERROR / TIMEOUT_ERROR / PARSING_ERROR / CUSTOM_ERROR. */
export function errorStatus(error: unknown): FetchBaseQueryError['status'] | undefined {
  if (isRecord(error) && 'status' in error) {
    const status = error.status;
    if (typeof status === 'number' || typeof status === 'string') {
      return status as FetchBaseQueryError['status'];
    }
  }
  return undefined;
}

/** The server's `message` from the error envelope, when there is one. */
export function serverMessage(error: unknown): string | undefined {
  if (!isRecord(error)) return undefined;
  const data = error.data;
  if (isRecord(data) && typeof data.message === 'string' && data.message.trim() !== '') {
    return data.message;
  }
  return undefined;
}

/** The server's per-field messages (`errors` in the envelope), when there are any. */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!isRecord(error)) return {};
  const data = error.data;
  if (!isRecord(data) || !isRecord(data.errors)) return {};
  const result: FieldErrors = {};
  for (const [field, messages] of Object.entries(data.errors)) {
    if (Array.isArray(messages)) {
      const texts = messages.filter((m): m is string => typeof m === 'string');
      if (texts.length > 0) result[field] = texts;
    }
  }
  return result;
}

/** A message a person can read: the server's, else one for network trouble, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  const fromServer = serverMessage(error);
  if (fromServer) return fromServer;
  switch (errorStatus(error)) {
    case 'FETCH_ERROR':
      return 'We could not reach Pie. Check your connection and try again.';
    case 'TIMEOUT_ERROR':
      return 'Pie took too long to answer. Please try again.';
    default:
      return fallback;
  }
}
