import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig } from '@platform/config';
import { startEmbeddedPostgres } from '@platform/database';
import { TestInfrastructureConfig } from './test-infrastructure.config.js';

export interface TestDatabase {
  readonly url: string;
  readonly kind: 'postgres' | 'embedded';
  drop(): Promise<void>;
}

// A database of the suite's own: a fresh database on the real server when TEST_DATABASE_URL is
// set, else a fresh in-memory embedded PostgreSQL.
export async function startTestDatabase(): Promise<TestDatabase> {
  const { infra } = loadConfig({ infra: TestInfrastructureConfig });
  if (!infra.TEST_DATABASE_URL) {
    const embedded = await startEmbeddedPostgres();
    return { url: embedded.url, kind: 'embedded', drop: () => embedded.stop() };
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: infra.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(infra.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    kind: 'postgres',
    async drop() {
      const cleanup = new pg.Client({ connectionString: infra.TEST_DATABASE_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export function kafkaBrokers(): string[] | null {
  const { infra } = loadConfig({ infra: TestInfrastructureConfig });
  return infra.KAFKA_BROKERS ? infra.KAFKA_BROKERS.split(',').map((broker) => broker.trim()) : null;
}

// ClamAV's clamd as tools/infra runs it (`host:port`), or null outside the infrastructure suites.
export function clamdAddress(): string | null {
  const { infra } = loadConfig({ infra: TestInfrastructureConfig });
  return infra.TEST_CLAMD_ADDRESS ?? null;
}
