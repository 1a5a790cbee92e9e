import type { ErrorCode, FieldErrors } from '#pie/contracts';

/**
 * What went wrong, in the domain's words: the HTTP status is decided at the edge (the exception
 * filter), so command handlers, facades and jobs never speak HTTP.
 */
export type DomainErrorKind =
  | 'invalid' // 400: the request asks for something that cannot be
  | 'unauthenticated' // 401
  | 'forbidden' // 403
  | 'not-found' // 404: also for another caller's ids
  | 'conflict' // 409: the current state does not allow it
  | 'rate-limited' // 429
  | 'unavailable'; // 503: a provider or dependency is down; try again later

/**
 * A domain error with a stable code (libs/contracts error-codes.ts). A module declares its own as
 * factories or subclasses, e.g. `export const usernameTaken = () => new DomainError('listening.username-taken', 'conflict', '…')`.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly kind: DomainErrorKind,
    message: string,
    /** Field errors, keyed by the dotted path of the request field. */
    readonly errors?: FieldErrors,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const HTTP_STATUS_OF_KIND: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'rate-limited': 429,
  unavailable: 503,
};
