import { QueryFailedError } from 'typeorm';

// Socket errors of a database that cannot be reached, and PostgreSQL's connection_exception
// (08…) and operator_intervention (57P…: shutting down, starting up) classes.
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
]);
const SERVER_GOING_AWAY = /^(08|57P)/;
// node-postgres names these only in words: a connection cut under a query, a pool that could
// not connect in time.
const DRIVER_TEXTS = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
];

// True when a request failed because the database is out of reach, not because of the request:
// the answer is 503 with Retry-After, and the pool reconnects by itself once it is back.
export function isDatabaseUnavailable(error: unknown): boolean {
  const cause = error instanceof QueryFailedError ? (error.driverError as unknown) : error;
  // Read as fields, not by class: socket errors are made by Node's own Error, which another
  // realm (a test runner's sandbox) does not recognise.
  if (typeof cause !== 'object' || cause === null) return false;
  const { code, message } = cause as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNREACHABLE.has(code) || SERVER_GOING_AWAY.test(code))) return true;
  return typeof message === 'string' && DRIVER_TEXTS.some((text) => message.includes(text));
}
