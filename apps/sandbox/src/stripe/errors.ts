import type Stripe from 'stripe';

/** Stripe's error kinds, as the SDK maps them to `StripeInvalidRequestError`, `StripeCardError`, … */
export type StripeErrorType = 'invalid_request_error' | 'card_error' | 'api_error' | 'idempotency_error' | 'authentication_error';

/** An error answered in Stripe's shape: `{ error: { type, code, message, param, decline_code } }`. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: StripeErrorType,
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly declineCode?: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  body(): { error: Record<string, unknown> } {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code ? { code: this.code, doc_url: `https://stripe.com/docs/error-codes/${this.code.replace(/_/g, '-')}` } : {}),
        ...(this.param ? { param: this.param } : {}),
        ...(this.declineCode ? { decline_code: this.declineCode } : {}),
        ...this.extra,
      },
    };
  }
}

export function missing(kind: string, id: string, param = 'id'): StripeApiError {
  return new StripeApiError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param);
}

/** A 400 `invalid_request_error`; `code` is one of Stripe's error codes when one fits. */
export function invalid(message: string, param?: string, code?: string): StripeApiError {
  return new StripeApiError(400, 'invalid_request_error', message, code, param);
}

export function missingParam(param: string): StripeApiError {
  return new StripeApiError(400, 'invalid_request_error', `Missing required param: ${param}.`, 'parameter_missing', param);
}

/** A card decline as Stripe answers it (402, `card_error`). */
export function cardDeclined(declineCode: 'generic_decline' | 'insufficient_funds', charge?: string): StripeApiError {
  const message = declineCode === 'insufficient_funds' ? 'Your card has insufficient funds.' : 'Your card was declined.';
  return new StripeApiError(402, 'card_error', message, 'card_declined', undefined, declineCode, charge ? { charge } : {});
}

export type { Stripe };
