import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource, QueryFailedError } from 'typeorm';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.js';
import { PreparedStatements } from './prepared-statements.js';

const SCHEMA = 'prepared_statements_test';
const READ = `SELECT "id", "amount", "created_at" AS "createdAt" FROM "${SCHEMA}"."sample" WHERE "id" = $1`;

interface SampleRow {
  readonly id: string;
  readonly amount: string;
  readonly createdAt: Date;
}

describe(PreparedStatements.name, () => {
  let postgres: EmbeddedPostgres;
  let dataSource: DataSource;

  beforeAll(async () => {
    postgres = await startEmbeddedPostgres();
    dataSource = new DataSource({ type: 'postgres', url: postgres.url, extra: { max: 4 } });
    await dataSource.initialize();
    await dataSource.query(`CREATE SCHEMA IF NOT EXISTS "${SCHEMA}"`);
    await dataSource.query(
      `CREATE TABLE "${SCHEMA}"."sample" ("id" varchar(20) PRIMARY KEY, "amount" numeric(38, 18) NOT NULL, "created_at" timestamptz NOT NULL)`,
    );
    await dataSource.query(`INSERT INTO "${SCHEMA}"."sample" VALUES ($1, $2, $3)`, [
      'a',
      '101.020000000000000001',
      new Date('2026-11-27T10:00:00.123Z'),
    ]);
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await postgres?.stop();
  });

  it('answers the rows dataSource.query answers, exact decimals and dates included', async () => {
    const statements = new PreparedStatements(dataSource, 'sample');

    const rows = await statements.query<SampleRow>(READ, ['a']);

    expect(rows).toEqual(await dataSource.query(READ, ['a']));
    expect(rows).toEqual([
      { id: 'a', amount: '101.020000000000000001', createdAt: new Date('2026-11-27T10:00:00.123Z') },
    ]);
  });

  it('prepares each text once, under the owner’s prefix', async () => {
    // One connection, so that the session asked is the one that prepared.
    const single = new DataSource({ type: 'postgres', url: postgres.url, extra: { max: 1 } });
    await single.initialize();
    const statements = new PreparedStatements(single, 'named');

    await statements.query(READ, ['a']);
    await statements.query(READ, ['a']);

    const prepared: { name: string }[] = await single.query(
      `SELECT "name" FROM pg_prepared_statements WHERE "name" LIKE 'named\\_%'`,
    );
    await single.destroy();
    expect(prepared).toHaveLength(1);
    expect(prepared[0]!.name).toMatch(/^named_[0-9a-f]{32}$/);
  });

  it('answers every call when many connections run the same statement at once', async () => {
    // The embedded server's connections share one session: some of these calls find the name
    // already prepared by another connection (42P05) and must fall back to unnamed statements.
    const statements = new PreparedStatements(dataSource, 'concurrent');

    const answers = await Promise.all(
      Array.from({ length: 12 }, () => statements.query<SampleRow>(READ, ['a'])),
    );

    expect(answers.map((rows) => rows.map((row) => row.id))).toEqual(Array.from({ length: 12 }, () => ['a']));
  });

  it('reports a failed statement as TypeORM does, with the server’s error code', async () => {
    const statements = new PreparedStatements(dataSource, 'failing');

    const failure = await statements
      .query(`INSERT INTO "${SCHEMA}"."sample" VALUES ($1, $2, $3)`, ['a', '1', new Date()])
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(QueryFailedError);
    expect((failure as QueryFailedError).driverError).toMatchObject({ code: '23505' });
  });
});
