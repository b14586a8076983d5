import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import {
  diffEntitiesAgainstDatabase,
  migrationClassName,
  renderMigration,
  revertLastMigration,
  runMigrations,
} from '@platform/database';
import type { Logger } from '@platform/logging';

export interface AppDataSource {
  readonly app: string;
  readonly dataSource: DataSource;
}

export async function runAll(targets: readonly AppDataSource[], logger: Logger): Promise<void> {
  for (const { app, dataSource } of targets) {
    const applied = await runMigrations(dataSource);
    logger.info({ app, applied }, applied.length ? 'migrations applied' : 'schema up to date');
  }
}

export async function revertLast(targets: readonly AppDataSource[], logger: Logger): Promise<void> {
  for (const { app, dataSource } of targets) {
    await revertLastMigration(dataSource);
    logger.info({ app }, 'last migration reverted');
  }
}

// Fails when entities and migrations disagree: after every migration ran, the schema builder
// must find nothing left to change.
export async function checkAll(targets: readonly AppDataSource[], logger: Logger): Promise<boolean> {
  let consistent = true;
  for (const { app, dataSource } of targets) {
    await runMigrations(dataSource);
    const diff = await diffEntitiesAgainstDatabase(dataSource);
    if (diff.up.length > 0) {
      consistent = false;
      logger.error({ app, missing: diff.up }, 'entities and migrations disagree: generate a migration');
    } else {
      logger.info({ app }, 'entities and migrations agree');
    }
  }
  return consistent;
}

export async function generate(
  target: AppDataSource,
  name: string,
  repositoryRoot: string,
  timestamp: number,
  logger: Logger,
): Promise<void> {
  await runMigrations(target.dataSource);
  const diff = await diffEntitiesAgainstDatabase(target.dataSource);
  if (diff.up.length === 0) {
    logger.info({ app: target.app }, 'no changes: nothing to generate');
    return;
  }
  const className = migrationClassName(name, timestamp);
  const fileBase = `${timestamp}-${name}`;
  const directory = join(repositoryRoot, 'apps', target.app, 'src', 'migrations');
  await writeFile(join(directory, `${fileBase}.ts`), renderMigration(className, diff));
  await registerMigration(join(directory, 'migrations.ts'), className, fileBase);
  logger.info({ app: target.app, file: `${fileBase}.ts` }, 'migration generated');
}

// Appends the new class to the app's ordered migration list.
async function registerMigration(listFile: string, className: string, fileBase: string): Promise<void> {
  const source = await readFile(listFile, 'utf8');
  const importLine = `import { ${className} } from './${fileBase}.js';`;
  const lines = source.split('\n');
  const lastImport = lines.findLastIndex((line) => line.startsWith('import '));
  lines.splice(lastImport + 1, 0, ...(lastImport < 0 ? [importLine, ''] : [importLine]));
  const withImport = lines.join('\n');
  const updated = withImport.replace(/= \[([^\]]*)\];/, (_all, entries: string) => {
    const items = entries
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    return `= [${[...items, className].join(', ')}];`;
  });
  await writeFile(listFile, updated);
}
