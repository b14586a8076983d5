import { DataSource, type DataSourceOptions } from 'typeorm';
import type { AppDatabase } from './app-database.js';
import type { DatabaseConfig } from './database.config.js';

export const MIGRATIONS_TABLE = 'migrations';

export function dataSourceOptions(database: AppDatabase, config: DatabaseConfig): DataSourceOptions {
  return {
    type: 'postgres',
    url: config.DATABASE_URL,
    schema: database.schema,
    entities: database.entities,
    migrations: database.migrations,
    migrationsTableName: MIGRATIONS_TABLE,
    migrationsTransactionMode: 'each',
    synchronize: false,
    migrationsRun: false,
    logging: false,
    extra: {
      max: config.DATABASE_POOL_SIZE,
      application_name: config.DATABASE_APPLICATION_NAME ?? database.schema,
      // Sent in the startup packet on every pooled connection: real PostgreSQL applies them; the
      // embedded server reads them and enforces the same budgets (PgliteWireServer).
      statement_timeout: config.DATABASE_STATEMENT_TIMEOUT_MS || undefined,
      idle_in_transaction_session_timeout: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS || undefined,
      // Without it the driver may wait forever for a connection from an exhausted pool.
      connectionTimeoutMillis: 10_000,
    },
  };
}

export function createDataSource(database: AppDatabase, config: DatabaseConfig): DataSource {
  return new DataSource(dataSourceOptions(database, config));
}

// A short-lived data source for tools and tests (migrations, checks): opened, used, closed.
export async function withDataSource<T>(
  database: AppDatabase,
  url: string,
  work: (dataSource: DataSource) => Promise<T>,
): Promise<T> {
  const dataSource = createDataSource(database, {
    DATABASE_URL: url,
    DATABASE_POOL_SIZE: 2,
    DATABASE_STATEMENT_TIMEOUT_MS: 0,
  });
  await dataSource.initialize();
  try {
    return await work(dataSource);
  } finally {
    await dataSource.destroy();
  }
}
