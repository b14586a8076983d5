import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { createDataSource } from './create-data-source.js';

// Every pooled connection carries the time budgets to real PostgreSQL, which enforces them: a
// statement past DATABASE_STATEMENT_TIMEOUT_MS is cancelled, and a transaction left idle past
// DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS loses its connection.
describe('database time budgets on PostgreSQL', () => {
  let dataSource: DataSource;

  beforeAll(async () => {
    const url = process.env['TEST_DATABASE_URL'];
    if (!url) throw new Error('TEST_DATABASE_URL is not set: the infra suite needs the real PostgreSQL');
    dataSource = createDataSource(
      { schema: 'public', entities: [], migrations: [] },
      {
        DATABASE_URL: url,
        DATABASE_POOL_SIZE: 2,
        DATABASE_STATEMENT_TIMEOUT_MS: 300,
        DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: 300,
      },
    );
    await dataSource.initialize();
  });

  afterAll(async () => {
    await dataSource?.destroy();
  });

  it('cancels a statement that outlasts its budget', async () => {
    const started = Date.now();
    await expect(dataSource.query('SELECT pg_sleep(10)')).rejects.toMatchObject({
      driverError: { code: '57014', message: 'canceling statement due to statement timeout' },
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('ends a transaction left idle past its budget, its work rolled back', async () => {
    const runner = dataSource.createQueryRunner();
    try {
      await runner.startTransaction();
      await runner.query('CREATE TEMPORARY TABLE idle_budget (n int)');
      await new Promise((resolve) => setTimeout(resolve, 800));
      await expect(runner.query('SELECT count(*) FROM idle_budget')).rejects.toThrow();
    } finally {
      await runner.release().catch(() => undefined);
    }
    // The pool replaces the lost connection.
    expect(await dataSource.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });
});
