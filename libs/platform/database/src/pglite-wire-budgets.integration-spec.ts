import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.js';
import { PgliteWireServer } from './pglite-wire-server.js';

// PGlite ignores statement_timeout and idle_in_transaction_session_timeout; the wire server
// enforces the budgets each client sends in its startup packet, so one client's transaction
// cannot hold the only backend past them. A statement already running cannot be cut, but it
// runs in the database's worker thread: the process goes on meanwhile.
describe(`${PgliteWireServer.name} time budgets`, () => {
  let postgres: EmbeddedPostgres;
  const clients: pg.Client[] = [];

  const connect = async (options: pg.ClientConfig = {}) => {
    const client = new pg.Client({ connectionString: postgres.url, ...options });
    client.on('error', () => undefined);
    await client.connect();
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    postgres = await startEmbeddedPostgres({ maxConnections: 10 });
    const setup = await connect();
    await setup.query('CREATE TABLE budget_rows (n int)');
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
    await postgres.stop();
  });

  it('cancels a transaction that outlasts the statement timeout, as PostgreSQL reports it', async () => {
    const sut = await connect({ statement_timeout: 300 });
    await sut.query('BEGIN');
    await sut.query('INSERT INTO budget_rows VALUES (1)');
    await new Promise((resolve) => setTimeout(resolve, 400));
    await expect(sut.query('INSERT INTO budget_rows VALUES (2)')).rejects.toMatchObject({
      code: '57014',
      message: 'canceling statement due to statement timeout',
    });
    await sut.query('ROLLBACK');
    const other = await connect();
    expect((await other.query('SELECT count(*)::int AS n FROM budget_rows')).rows).toEqual([{ n: 0 }]);
    // The connection is usable again, within a new budget.
    await sut.query('BEGIN');
    await sut.query('INSERT INTO budget_rows VALUES (3)');
    await sut.query('COMMIT');
    expect((await other.query('SELECT count(*)::int AS n FROM budget_rows')).rows).toEqual([{ n: 1 }]);
  });

  it('ends a client idle in a transaction past its budget and lets the others run', async () => {
    const sut = await connect({ idle_in_transaction_session_timeout: 200 });
    const ended = new Promise<Error>((resolve) => sut.once('error', resolve));
    await sut.query('BEGIN');
    await sut.query('INSERT INTO budget_rows VALUES (4)');
    const other = await connect();
    const started = Date.now();
    const count = await other.query('SELECT count(*)::int AS n FROM budget_rows');
    expect(count.rows).toEqual([{ n: 1 }]);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await ended).toMatchObject({ code: '25P03' });
  });

  it('runs a long statement off the event loop: timers fire while it runs', async () => {
    const sut = await connect();
    let statementMs = 0;
    const started = Date.now();
    const statement = sut
      .query('SELECT count(*) FROM generate_series(1, 3000000) a, generate_series(1, 2) b')
      .then(() => (statementMs = Date.now() - started));
    const tickMs = await new Promise<number>((resolve) =>
      setTimeout(() => resolve(Date.now() - started), 50),
    );
    await statement;
    expect(statementMs).toBeGreaterThan(500);
    expect(tickMs).toBeLessThan(statementMs / 2);
  });
});
