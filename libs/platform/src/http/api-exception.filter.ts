import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger, NotFoundException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiFailure, FieldErrors } from '#pie/contracts';

/** Fastify's own client errors (bad JSON, wrong content type, body too large) and what to tell the client. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'Request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'Request body is empty; send a JSON object' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 400, message: 'Request body must be JSON (Content-Type: application/json)' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Content-Length does not match the body' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'Request body is too large' },
};

/**
 * Every error leaves the API as `{ success: false, statusCode, message, errors? }` (DESIGN §9).
 * Anything a client can send maps to a 4xx; only genuine faults become a 500, logged with the request id.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  /** @param sendSpaIndex sends the web app's index.html: unknown non-API GETs are client-side routes. */
  constructor(private readonly sendSpaIndex?: (reply: FastifyReply) => void) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    if (this.sendSpaIndex && exception instanceof NotFoundException && this.isWebRoute(request)) {
      this.sendSpaIndex(reply.status(200));
      return;
    }
    const body = this.toFailure(exception);
    if (body.statusCode >= 500) {
      this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    }
    void reply.status(body.statusCode).send(body);
  }

  private isWebRoute(request: FastifyRequest): boolean {
    return (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
  }

  private toFailure(exception: unknown): ApiFailure {
    // Nest's Fastify adapter wraps Fastify's own client errors in an HttpException (the FastifyError is its cause).
    const fastifyError = exception instanceof HttpException ? exception.cause : exception;
    const fastifyCode = (fastifyError as { code?: unknown } | null | undefined)?.code;
    const known = typeof fastifyCode === 'string' && Object.hasOwn(FASTIFY_CLIENT_ERRORS, fastifyCode) ? FASTIFY_CLIENT_ERRORS[fastifyCode] : undefined;
    if (known) return { success: false, statusCode: known.status, message: known.message };
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      if (typeof response === 'string') return { success: false, statusCode: status, message: response };
      const { message, errors } = response as { message?: string | string[]; errors?: FieldErrors };
      return {
        success: false,
        statusCode: status,
        message: Array.isArray(message) ? message.join('; ') : (message ?? exception.message),
        ...(errors ? { errors } : {}),
      };
    }
    const fastifyStatus = (exception as { statusCode?: number } | null)?.statusCode;
    if (fastifyStatus && fastifyStatus >= 400 && fastifyStatus < 500) {
      return { success: false, statusCode: fastifyStatus, message: (exception as Error).message };
    }
    return { success: false, statusCode: HttpStatus.INTERNAL_SERVER_ERROR, message: 'Something went wrong on our side' };
  }
}
