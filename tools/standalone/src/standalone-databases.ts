import { cp, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '@platform/database';

// Apps with an embedded database of their own (under DATA_DIR/<directory>): an embedded database
// runs one transaction at a time, so chat's load (a bulk subscribe, an export) would otherwise
// hold every payout app's queries, and their /health/ready, until it ended. Each database runs in
// a worker thread of its own, so chat's longest statement holds chat only.
const OWN_DATABASES: Readonly<Record<string, string>> = { 'chat-api': 'chat-postgres' };

export interface StandaloneDatabases {
  // The URL of the database an app uses.
  urlOf(app: string): string;
  stop(): Promise<void>;
}

export async function startStandaloneDatabases(
  dataDir: string,
  poolPerApp: number,
  appCount: number,
): Promise<StandaloneDatabases> {
  const sharedDir = join(dataDir, 'postgres');
  const started: EmbeddedPostgres[] = [];
  const own = new Map<string, EmbeddedPostgres>();
  const stop = async () => {
    await Promise.all(started.map((database) => database.stop()));
  };
  try {
    for (const [app, directory] of Object.entries(OWN_DATABASES)) {
      const ownDir = join(dataDir, directory);
      await carryOverSharedData(sharedDir, ownDir);
      const database = await startEmbeddedPostgres({ dataDir: ownDir, maxConnections: 2 * poolPerApp });
      started.push(database);
      own.set(app, database);
    }
    const shared = await startEmbeddedPostgres({
      dataDir: sharedDir,
      maxConnections: (appCount + 2) * poolPerApp,
    });
    started.push(shared);
    return { urlOf: (app) => (own.get(app) ?? shared).url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

// A data directory from before the app had its own database: the app's copy starts as the shared
// one, so its data carries over (the other schemas in the copy go unused). Copied aside and then
// renamed, so a copy interrupted by a kill is started over rather than used half-made.
async function carryOverSharedData(sharedDir: string, ownDir: string): Promise<void> {
  if ((await exists(ownDir)) || !(await exists(sharedDir))) return;
  const partial = `${ownDir}.partial`;
  await rm(partial, { recursive: true, force: true });
  await cp(sharedDir, partial, { recursive: true });
  await rename(partial, ownDir);
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
