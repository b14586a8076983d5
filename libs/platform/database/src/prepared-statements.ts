import { createHash } from 'node:crypto';
import pg from 'pg';
import { QueryFailedError, type DataSource } from 'typeorm';

// The subset of pg's Pool used here: it runs a query object as it is, and calls back.
interface PgPool {
  query(
    query: pg.Query,
    callback: (error: (Error & { code?: string }) | undefined, result: { rows: unknown[] }) => void,
  ): void;
}

// Statements are named (so prepared once per connection) up to this many distinct texts; the
// callers' statements are fixed texts, so this only bounds a caller that builds SQL dynamically.
const MAX_PREPARED_STATEMENTS = 100;
const DUPLICATE_PREPARED_STATEMENT = '42P05';

// Fixed statements of a hot path, outside any transaction, run as named prepared statements
// straight on the driver's pool: the server parses and plans each once per connection instead of
// on every call, and TypeORM's query runner (a runner object, its own connect and release, its
// logging) is skipped. Errors come out as TypeORM's QueryFailedError, like dataSource.query's.
// Not for statements whose best plan depends on their values (ten ids or five thousand).
export class PreparedStatements {
  private readonly names = new Map<string, string>();
  private preparing = true;

  // `prefix` tells the owner's statements apart in pg_prepared_statements.
  constructor(
    private readonly dataSource: DataSource,
    private readonly prefix: string,
  ) {}

  // One promise per statement, made here: the pool's own promise (and the catch it chains) and a
  // `then` for the rows were three, and on Node 20 each one runs the AsyncLocalStorage hooks. A
  // `then` on the answer still runs in its caller's context: a promise keeps the context its
  // reaction was registered in, whatever context the driver's callback comes in.
  query<R>(sql: string, parameters: readonly unknown[]): Promise<R[]> {
    const pool = (this.dataSource.driver as { master?: PgPool }).master;
    if (this.dataSource.options.type !== 'postgres' || typeof pool?.query !== 'function') {
      return this.dataSource.query(sql, [...parameters]) as Promise<R[]>;
    }
    const name = this.nameOf(sql);
    return new Promise<R[]>((resolve, reject) =>
      pool.query(namedQuery(name, sql, parameters), (error, result) => {
        if (!error) return resolve(result.rows as R[]);
        if (name === undefined || error.code !== DUPLICATE_PREPARED_STATEMENT) {
          return reject(new QueryFailedError(sql, [...parameters], error));
        }
        // A server whose connections share one session (embedded PGlite) already holds the name
        // prepared by another connection. The statement did not run: use unnamed ones from now on.
        this.preparing = false;
        resolve(this.query<R>(sql, parameters));
      }),
    );
  }

  private nameOf(sql: string): string | undefined {
    if (!this.preparing) return undefined;
    let name = this.names.get(sql);
    if (name === undefined && this.names.size < MAX_PREPARED_STATEMENTS) {
      name = `${this.prefix}_${createHash('sha256').update(sql).digest('hex').slice(0, 32)}`;
      this.names.set(sql, name);
    }
    return name;
  }
}

// A query object made from its text, named afterwards: pg copies a config object, property by
// property, on every call (about 1.7 µs, against 0.08 for this, on every hot statement). The
// name is the field pg's Query reads its config's into (its typings leave it out).
function namedQuery(name: string | undefined, sql: string, parameters: readonly unknown[]): pg.Query {
  const query: pg.Query & { name?: string } = new pg.Query(sql, [...parameters]);
  if (name !== undefined) query.name = name;
  return query;
}
