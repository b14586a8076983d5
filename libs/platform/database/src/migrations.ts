import type { DataSource } from 'typeorm';
import type { AppDatabase } from './app-database.js';
import { withDataSource } from './create-data-source.js';

// The explicit migration step: run by `npm run migrate`, the Kubernetes migration Job and the
// standalone launcher, never implicitly when an app boots.
export async function ensureSchema(dataSource: DataSource): Promise<void> {
  const schema = schemaOf(dataSource);
  await dataSource.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
}

export async function runMigrations(dataSource: DataSource): Promise<string[]> {
  await ensureSchema(dataSource);
  const applied = await dataSource.runMigrations({ transaction: 'each' });
  return applied.map((migration) => migration.name);
}

// The app's database at `url` brought up to date on a connection of its own (tests, tools).
export function migrateDatabase(database: AppDatabase, url: string): Promise<string[]> {
  return withDataSource(database, url, runMigrations);
}

export async function revertLastMigration(dataSource: DataSource): Promise<void> {
  await dataSource.undoLastMigration({ transaction: 'each' });
}

export interface SchemaDiff {
  readonly up: string[];
  readonly down: string[];
}

// The statements that would bring the database in line with the entities. Empty after every
// migration ran means entities and migrations agree.
export async function diffEntitiesAgainstDatabase(dataSource: DataSource): Promise<SchemaDiff> {
  const sqlInMemory = await dataSource.driver.createSchemaBuilder().log();
  return {
    up: sqlInMemory.upQueries.map((query) => query.query),
    down: sqlInMemory.downQueries.map((query) => query.query).reverse(),
  };
}

export function schemaOf(dataSource: DataSource): string {
  const schema = (dataSource.options as { schema?: string }).schema;
  if (!schema) throw new Error('Every app data source must name its schema');
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Unsafe schema name: ${schema}`);
  return schema;
}
