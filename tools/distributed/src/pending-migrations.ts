import { loadConfig } from '@platform/config';
import { DatabaseConfig, createDataSource } from '@platform/database';
import { allDefinitions } from '../../apps/all-apps.js';

// Distributed mode never migrates on boot: it refuses to start while any app has migrations
// that the explicit step (`npm run migrate -- run`) has not applied.
export async function appsWithPendingMigrations(env: NodeJS.ProcessEnv): Promise<string[]> {
  const { database } = loadConfig({ database: DatabaseConfig }, env);
  const pending: string[] = [];
  for (const definition of allDefinitions) {
    const dataSource = createDataSource(definition.database, { ...database, DATABASE_POOL_SIZE: 1 });
    await dataSource.initialize();
    try {
      await dataSource.query(`CREATE SCHEMA IF NOT EXISTS "${definition.database.schema}"`);
      if (await dataSource.showMigrations()) pending.push(definition.name);
    } finally {
      await dataSource.destroy();
    }
  }
  return pending;
}
