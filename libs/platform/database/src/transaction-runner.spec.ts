import { describe, expect, it } from '@jest/globals';
import type { DataSource, EntityManager } from 'typeorm';
import { TransactionRunner } from './transaction-runner.js';
import { entityManagerOf, type UnitOfWork } from './unit-of-work.js';

describe(TransactionRunner.name, () => {
  it("runs the work in one DataSource transaction, as a unit of work over that transaction's manager, and returns its result", async () => {
    const manager = { name: 'tx-manager' } as unknown as EntityManager;
    const opened: string[] = [];
    const dataSource = {
      transaction: async <T>(work: (m: EntityManager) => Promise<T>): Promise<T> => {
        opened.push('BEGIN');
        const result = await work(manager);
        opened.push('COMMIT');
        return result;
      },
    } as unknown as DataSource;
    const sut = new TransactionRunner(dataSource);

    const seen: UnitOfWork[] = [];
    const result = await sut.run(async (unit) => {
      seen.push(unit);
      return 42;
    });

    expect(result).toBe(42);
    expect(seen.map(entityManagerOf)).toEqual([manager]);
    expect(opened).toEqual(['BEGIN', 'COMMIT']);
  });
});
