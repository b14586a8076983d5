import { pino, type Logger, type LevelWithSilent } from 'pino';
import { RequestContext } from './request-context.js';
import { currentTraceIds } from './tracing/trace-context.js';

// Anything that can hold a credential is censored wherever it appears in a log object.
const REDACTED_PATHS = [
  'password',
  'secret',
  'apiKey',
  'api_key',
  'token',
  '*.password',
  '*.secret',
  '*.apiKey',
  '*.api_key',
  '*.token',
  'headers.authorization',
  'headers["x-api-key"]',
  'headers["x-ops-api-key"]',
  'headers["x-internal-identity"]',
  'headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers["x-ops-api-key"]',
  'req.headers["x-internal-identity"]',
];

export interface LoggerOptions {
  readonly service: string;
  readonly level?: LevelWithSilent;
  // Tests pass a stream to capture lines; production writes JSON to stdout.
  readonly destination?: NodeJS.WritableStream;
}

export function createLogger({ service, level = 'info', destination }: LoggerOptions): Logger {
  const options = {
    level,
    base: { service },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    // The work in progress: its request and correlation ids, and the active span's trace_id and
    // span_id (a payout's lines share one trace_id from its POST /transaction to its last webhook).
    mixin: () => {
      const context = RequestContext.current();
      const ids = currentTraceIds();
      return {
        ...(context ? { requestId: context.requestId, correlationId: context.correlationId } : {}),
        ...ids,
      };
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

export type { Logger } from 'pino';
