import { QueryFailedError } from 'typeorm';

// PostgreSQL's data_exception class (22…: invalid text representation, untranslatable
// character, invalid json…) and the integrity rules a value breaks by itself (not_null_violation,
// check_violation). Unique and foreign-key violations are left out: a concurrent change causes
// those, and the same request can succeed once it has committed.
const REFUSED_VALUE = /^(22|23502$|23514$)/;

// True when the database refused one of the values a query carried: sending the same request
// again fails the same way, so the answer must not invite a retry. Read as a field, not by class,
// for errors node-postgres raises outside TypeORM (the outbox's own statements).
export function isRefusedValue(error: unknown): boolean {
  const cause = error instanceof QueryFailedError ? (error.driverError as unknown) : error;
  if (typeof cause !== 'object' || cause === null) return false;
  const { code } = cause as { code?: unknown };
  return typeof code === 'string' && REFUSED_VALUE.test(code);
}
