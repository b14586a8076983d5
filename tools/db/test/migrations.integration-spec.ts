import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import {
  withDataSource,
  diffEntitiesAgainstDatabase,
  revertLastMigration,
  runMigrations,
} from '@platform/database';
import { startTestDatabase, type TestDatabase } from '@platform/test-support';
import { allDefinitions } from '../../apps/all-apps.js';

// Runs on embedded PostgreSQL by default and on the real server in the infrastructure suite.
describe('migrations of every app', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await startTestDatabase();
  });

  afterAll(async () => {
    await database.drop();
  });

  // Without TypeORM's own bookkeeping: it creates `migrations`, and `typeorm_metadata` for an app
  // with generated columns, before it runs or reverts anything.
  const tablesIn = (dataSource: DataSource, schema: string) =>
    dataSource
      .query(
        `SELECT table_name FROM information_schema.tables
         WHERE table_schema = $1 AND table_name NOT IN ('migrations', 'typeorm_metadata') ORDER BY 1`,
        [schema],
      )
      .then((rows: { table_name: string }[]) => rows.map((row) => row.table_name));

  it.each(allDefinitions.map((definition) => [definition.name, definition] as const))(
    '%s: up, entities agree, down to nothing, up again',
    async (_name, definition) => {
      await withDataSource(definition.database, database.url, async (dataSource) => {
        const schema = definition.database.schema;
        const applied = await runMigrations(dataSource);
        expect(applied.length).toBeGreaterThan(0);
        expect(await diffEntitiesAgainstDatabase(dataSource)).toEqual({ up: [], down: [] });
        expect(await tablesIn(dataSource, schema)).toEqual(
          expect.arrayContaining(['inbox_message', 'outbox_message']),
        );

        for (let i = 0; i < applied.length; i += 1) await revertLastMigration(dataSource);
        expect(await tablesIn(dataSource, schema)).toEqual([]);

        expect(await runMigrations(dataSource)).toEqual(applied);
        expect(await runMigrations(dataSource)).toEqual([]);
      });
    },
  );
});
