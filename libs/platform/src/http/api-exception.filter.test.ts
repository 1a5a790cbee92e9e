import { HttpException } from '@nestjs/common';
import { describe, expect, it } from 'vitest';
import { apiFailureOf } from './api-exception.filter.js';

describe('apiFailureOf', () => {
  it("answers a Fastify client error with Fastify's status and its message", () => {
    const error = Object.assign(new Error('Unsupported Media Type: text/xml'), { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE_X', statusCode: 415 });
    expect(apiFailureOf(error)).toEqual({ success: false, statusCode: 415, code: 'unsupported-media-type', message: 'Unsupported Media Type: text/xml' });
  });

  it("turns a provider's 4xx (a Stripe SDK error) into a 500 that names nothing of the provider", () => {
    const stripeError = Object.assign(new Error('No such customer: cus_123; a similar object exists in live mode'), {
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      code: 'resource_missing',
    });
    const body = apiFailureOf(stripeError);
    expect(body.statusCode).toBe(500);
    expect(body.code).toBe('internal-error');
    expect(body.message).not.toContain('cus_123');
  });

  it('keeps an HttpException its own status', () => {
    expect(apiFailureOf(new HttpException('Gone for good', 410)).statusCode).toBe(410);
  });
});
