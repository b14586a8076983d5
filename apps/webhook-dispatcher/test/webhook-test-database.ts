import type { DataSource } from 'typeorm';
import { createDataSource } from '@platform/database';
import { startTestDatabase } from '@platform/test-support';
import { migrate } from '@platform/testing';
import { webhookDispatcherDatabase } from '../src/webhook-dispatcher.database.js';
import { webhookDispatcherDefinition } from '../src/webhook-dispatcher.definition.js';

export interface WebhookTestDatabase {
  readonly dataSource: DataSource;
  close(): Promise<void>;
}

// A migrated database of the suite's own (real PostgreSQL when TEST_DATABASE_URL is set) and an
// open data source on the dispatcher's schema.
export async function openWebhookTestDatabase(): Promise<WebhookTestDatabase> {
  const database = await startTestDatabase();
  await migrate(webhookDispatcherDefinition, database.url);
  const dataSource = createDataSource(webhookDispatcherDatabase, {
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: 6,
    DATABASE_STATEMENT_TIMEOUT_MS: 0,
  });
  await dataSource.initialize();
  return {
    dataSource,
    async close() {
      await dataSource.destroy();
      await database.drop();
    },
  };
}
