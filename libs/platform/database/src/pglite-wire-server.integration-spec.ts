import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.js';
import { PgliteWireServer } from './pglite-wire-server.js';

describe(PgliteWireServer.name, () => {
  let postgres: EmbeddedPostgres;
  const pools: pg.Pool[] = [];

  beforeAll(async () => {
    postgres = await startEmbeddedPostgres({ maxConnections: 20 });
    for (let i = 0; i < 3; i += 1) pools.push(new pg.Pool({ connectionString: postgres.url, max: 5 }));
  });

  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
    await postgres.stop();
  });

  it('never mixes up the parameterized statements of concurrent clients', async () => {
    const results = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        pools[i % pools.length]!.query<{ value: number }>('SELECT $1::int * 2 AS value', [i]).then(
          (r) => r.rows[0]!.value,
        ),
      ),
    );

    expect(results).toEqual(Array.from({ length: 300 }, (_, i) => i * 2));
  });

  it('runs other clients after a transaction, never inside it', async () => {
    await pools[0]!.query('CREATE TABLE IF NOT EXISTS counter (n int)');
    const client = await pools[0]!.connect();
    await client.query('BEGIN');
    await client.query('INSERT INTO counter VALUES (1)');
    const outsider = pools[1]!.query<{ count: string }>('SELECT count(*) FROM counter');
    await client.query('INSERT INTO counter VALUES (2)');
    await client.query('COMMIT');
    client.release();

    expect((await outsider).rows[0]!.count).toBe('2');
  });

  it('rolls back the transaction of a client that disconnects inside it', async () => {
    await pools[0]!.query('CREATE TABLE IF NOT EXISTS abandoned (n int)');
    const lonely = new pg.Client({ connectionString: postgres.url });
    await lonely.connect();
    await lonely.query('BEGIN');
    await lonely.query('INSERT INTO abandoned VALUES (1)');
    await lonely.end();

    const { rows } = await pools[2]!.query<{ count: string }>('SELECT count(*) FROM abandoned');
    expect(rows[0]!.count).toBe('0');
  });
});
