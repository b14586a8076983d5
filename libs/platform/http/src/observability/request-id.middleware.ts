import type { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { RequestContext, type Logger } from '@platform/logging';

export const REQUEST_ID_HEADER = 'x-request-id';
export const CORRELATION_ID_HEADER = 'x-correlation-id';

// A caller-supplied id is kept only when it is short and plain, so it is safe to log and echo.
const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

function incomingId(request: Request, header: string): string | undefined {
  const value = request.headers[header];
  return typeof value === 'string' && SAFE_ID.test(value) ? value : undefined;
}

// Gives every request an id (echoed in X-Request-Id), a correlation id that follows it through
// HTTP hops and Kafka headers, and one access-log line.
export function requestContextMiddleware(logger: Logger) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const requestId = incomingId(request, REQUEST_ID_HEADER) ?? randomUUID();
    const correlationId = incomingId(request, CORRELATION_ID_HEADER) ?? requestId;
    response.setHeader(REQUEST_ID_HEADER, requestId);
    const started = process.hrtime.bigint();
    RequestContext.run({ requestId, correlationId }, () => {
      response.on('finish', () => {
        const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
        // The path without its query string: queries can carry personal data.
        logger.info(
          { method: request.method, path: request.path, status: response.statusCode, durationMs },
          'request',
        );
      });
      next();
    });
  };
}
