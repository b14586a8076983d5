import { mkdir, readFile, writeFile } from 'node:fs/promises';
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
  // A feature folder of the app (a feature that owns its tables keeps its migrations); absent: the
  // schema history of the app's core, src/core/database/migrations.
  into?: string,
): Promise<void> {
  await runMigrations(target.dataSource);
  const diff = await diffEntitiesAgainstDatabase(target.dataSource);
  if (diff.up.length === 0) {
    logger.info({ app: target.app }, 'no changes: nothing to generate');
    return;
  }
  const className = migrationClassName(name, timestamp);
  const fileBase = `${timestamp}-${name}`;
  const source = join(repositoryRoot, 'apps', target.app, 'src');
  const directory = join(source, into ?? join('core', 'database'), 'migrations');
  await mkdir(directory, { recursive: true });
  await writeFile(join(directory, `${fileBase}.ts`), renderMigration(className, diff));
  const created = await registerMigration(join(directory, 'migrations.ts'), className, fileBase, into);
  logger.info({ app: target.app, file: join(directory, `${fileBase}.ts`) }, 'migration generated');
  if (created)
    logger.info(
      { list: join(directory, 'migrations.ts') },
      "a new migration list: declare it in the feature module's @OwnsTables({ migrations })",
    );
}

// Appends the new class to the folder's ordered migration list, creating the list for a feature's
// first migration (named for the feature: `userGroupsMigrations`). True when it was created.
async function registerMigration(
  listFile: string,
  className: string,
  fileBase: string,
  feature: string | undefined,
): Promise<boolean> {
  const source = await readFile(listFile, 'utf8').catch(() => null);
  if (source === null) {
    const listName = `${(feature ?? 'app').replace(/[-_/]+(\w)/g, (_all, letter: string) => letter.toUpperCase())}Migrations`;
    await writeFile(
      listFile,
      `import { ${className} } from './${fileBase}.js';\n\n` +
        `// Applied in this order; \`npm run migrate -- generate --into ${feature ?? ''}\` appends here.\n` +
        `export const ${listName} = [${className}];\n`,
    );
    return true;
  }
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
  return false;
}
