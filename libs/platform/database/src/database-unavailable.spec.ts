import { describe, expect, it } from '@jest/globals';
import { QueryFailedError } from 'typeorm';
import { isDatabaseUnavailable } from './database-unavailable.js';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe(isDatabaseUnavailable.name, () => {
  it('recognises a database out of reach, whether the pool or a query met it', () => {
    expect(isDatabaseUnavailable(withCode('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new QueryFailedError('SELECT 1', [], withCode('57P01')))).toBe(true);
    expect(isDatabaseUnavailable(new QueryFailedError('SELECT 1', [], withCode('08006')))).toBe(true);
  });

  it("leaves a request's own failures and everything else to the other answers", () => {
    expect(isDatabaseUnavailable(new QueryFailedError('INSERT', [], withCode('23505')))).toBe(false);
    expect(isDatabaseUnavailable(new QueryFailedError('SELECT', [], withCode('57014')))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});
