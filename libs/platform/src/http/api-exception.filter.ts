import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger, NotFoundException } from '@nestjs/common';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorCodeForStatus, type ApiFailure, type ErrorCode, type FieldErrors } from '#pie/contracts';
import { DomainError, HTTP_STATUS_OF_KIND } from '../errors/domain-error.js';
import { TooManyRequestsException } from './rate-limit.js';
import { outageOf } from '../errors/outage.js';
import type { OutageReporter } from './outage-reporter.js';

/** Fastify's own client errors (bad JSON, wrong content type, body too large, bad URL) and what to tell the client. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'bad-request', message: 'Request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'bad-request', message: 'Request body is empty; send a JSON object' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 400, code: 'unsupported-media-type', message: 'Request body must be JSON (Content-Type: application/json)' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'bad-request', message: 'Content-Length does not match the body' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload-too-large', message: 'Request body is too large' },
  FST_ERR_BAD_URL: { status: 400, code: 'bad-request', message: 'The URL is not valid (a malformed percent-encoding?)' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'uri-too-long', message: 'A path parameter is too long' },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, code: 'bad-request', message: 'The request could not be routed' },
};

/**
 * Every error leaves the API as `{ success: false, statusCode, code, message, errors? }` (DESIGN §9):
 * domain errors by their kind and code, Nest's and Fastify's own by their status. Anything a client
 * can send maps to a 4xx; only genuine faults become a 500, logged with the request id.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  /**
   * @param sendSpaIndex sends the web app's index.html: unknown non-API GETs are client-side routes.
   * @param outages notes requests failing because the database or queue backend is down (503).
   */
  constructor(
    private readonly sendSpaIndex?: (reply: FastifyReply) => void,
    private readonly outages?: OutageReporter,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    if (this.sendSpaIndex && exception instanceof NotFoundException && this.isWebRoute(request)) {
      this.sendSpaIndex(reply.status(200));
      return;
    }
    const body = apiFailureOf(exception);
    // A limit checked inside a handler (after authorization) says when to come back, as the guard does.
    if (exception instanceof TooManyRequestsException) void reply.header('retry-after', String(exception.retryAfterSeconds));
    const outage = body.code === 'internal-error' ? outageOf(exception) : undefined;
    if (outage) {
      // The truth is "try again shortly", not "we are broken": a 503 with Retry-After, and no stack trace per request.
      const retryAfter = this.outages?.retryAfterSeconds ?? 5;
      this.outages?.noticed(outage, exception);
      void reply
        .status(503)
        .header('retry-after', String(retryAfter))
        .send({ success: false, statusCode: 503, code: 'unavailable', message: `Pie is briefly unavailable. Please try again in ${retryAfter} seconds.` });
      return;
    }
    if (body.statusCode >= 500 && body.code === 'internal-error') {
      this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    }
    void reply.status(body.statusCode).send(body);
  }

  private isWebRoute(request: FastifyRequest): boolean {
    return (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
  }
}

/** The API's error body for anything thrown: a domain error, an HttpException, a Fastify error, or a fault. */
export function apiFailureOf(exception: unknown): ApiFailure {
  if (exception instanceof DomainError) {
    return failure(HTTP_STATUS_OF_KIND[exception.kind], exception.code, exception.message, exception.errors);
  }
  // Nest's Fastify adapter wraps Fastify's own client errors in an HttpException (the FastifyError is its cause).
  const fastifyError = exception instanceof HttpException ? exception.cause : exception;
  const fastifyCode = (fastifyError as { code?: unknown } | null | undefined)?.code;
  const known = typeof fastifyCode === 'string' && Object.hasOwn(FASTIFY_CLIENT_ERRORS, fastifyCode) ? FASTIFY_CLIENT_ERRORS[fastifyCode] : undefined;
  if (known) return failure(known.status, known.code, known.message);
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    if (typeof response === 'string') return failure(status, errorCodeForStatus(status), response);
    const { message, errors, code } = response as { message?: string | string[]; errors?: FieldErrors; code?: ErrorCode };
    const text = Array.isArray(message) ? message.join('; ') : (message ?? exception.message);
    return failure(status, code ?? errorCodeForStatus(status), text, errors);
  }
  // Only Fastify's own errors (codes FST_…) speak to the client with their status and message. Other
  // errors carry a statusCode too (a Stripe SDK error has Stripe's 4xx): that is our fault, not the
  // client's, and its message names provider internals, so it is a 500 like any fault.
  const fastifyStatus = typeof fastifyCode === 'string' && fastifyCode.startsWith('FST_') ? (exception as { statusCode?: number }).statusCode : undefined;
  if (fastifyStatus && fastifyStatus >= 400 && fastifyStatus < 500) {
    return failure(fastifyStatus, errorCodeForStatus(fastifyStatus), (exception as Error).message);
  }
  return failure(HttpStatus.INTERNAL_SERVER_ERROR, 'internal-error', 'Something went wrong on our side');
}

function failure(statusCode: number, code: ErrorCode, message: string, errors?: FieldErrors): ApiFailure {
  return { success: false, statusCode, code, message, ...(errors ? { errors } : {}) };
}

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route (or Nest) sees the request
 * (a malformed percent-encoding, an over-long path parameter) answers in the API's shape too.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const body = apiFailureOf(error);
  void reply.status(body.statusCode).send(body);
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser cannot read (bad request line, headers
 * too large, a client too slow) never reaches Fastify; it still gets the API's error shape.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  // A connection reset leaves nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'The request took too long to arrive']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'The request line or headers are too large']
        : [400, 'Bad Request', 'The request is not valid HTTP'];
  const body = JSON.stringify(failure(status, errorCodeForStatus(status), message));
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}
