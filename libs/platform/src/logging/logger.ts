import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import pino, { type Logger, type LoggerOptions } from 'pino';
import type { Params } from 'nestjs-pino';
import type { AppConfig } from '../config/app-config.js';

const REQUEST_ID_HEADER = 'x-request-id';
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** Logs never carry secrets: cookies, auth headers and passwords are redacted. */
function baseOptions(config: Pick<AppConfig, 'LOG_LEVEL' | 'LOG_PRETTY'>, name: string): LoggerOptions {
  return {
    name,
    level: config.LOG_LEVEL,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password', 'password'],
      censor: '[redacted]',
    },
    transport: config.LOG_PRETTY
      ? { target: 'pino-pretty', options: { singleLine: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } }
      : undefined,
  };
}

/** A plain pino logger for processes and scripts (worker, relay, start-up). */
export function createLogger(config: Pick<AppConfig, 'LOG_LEVEL' | 'LOG_PRETTY'>, name: string): Logger {
  return pino(baseOptions(config, name));
}

/** The request id comes from a trusted proxy's header when well formed, else a new UUID. */
export function requestIdFor(req: IncomingMessage): string {
  const header = req.headers[REQUEST_ID_HEADER];
  const candidate = Array.isArray(header) ? header[0] : header;
  return candidate && SAFE_REQUEST_ID.test(candidate) ? candidate : randomUUID();
}

/** nestjs-pino options: every line of a request carries its `reqId`, echoed in the response header. */
export function httpLoggerParams(config: AppConfig): Params {
  return {
    pinoHttp: {
      ...baseOptions(config, 'api'),
      genReqId: (req, res) => {
        const id = requestIdFor(req);
        res.setHeader(REQUEST_ID_HEADER, id);
        return id;
      },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
      autoLogging: { ignore: (req) => req.url === '/api/health' },
    },
  };
}
