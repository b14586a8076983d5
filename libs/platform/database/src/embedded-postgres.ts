import { PgliteWireServer } from './pglite-wire-server.js';
import { PgliteWorker } from './pglite-worker.js';

// PostgreSQL for the standalone mode and fast tests: PGlite (Postgres compiled to WASM) served
// over the wire protocol, so the same `pg` driver and TypeORM code run unchanged. It has one
// backend: statements are serialized and an open transaction makes other connections wait, so
// races and locking are tested on real PostgreSQL instead. PGlite runs in a worker thread of
// its own, so a long statement holds this database only, never the process's event loop.
export interface EmbeddedPostgres {
  readonly url: string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  // Directory that keeps the data between runs; in memory when absent.
  readonly dataDir?: string;
  readonly port?: number;
  // Must cover the sum of every pool that connects.
  readonly maxConnections?: number;
}

export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions = {},
): Promise<EmbeddedPostgres> {
  const db = await PgliteWorker.start(options.dataDir);
  const server = new PgliteWireServer(db, options.maxConnections ?? 100);
  const port = await server.listen('127.0.0.1', options.port ?? 0);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await server.close();
      await db.close();
    },
  };
}
