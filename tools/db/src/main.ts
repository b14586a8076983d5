import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigValidationError, loadConfig } from '@platform/config';
import {
  DatabaseConfig,
  createDataSource,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from '@platform/database';
import { createLogger } from '@platform/logging';
import { allDefinitions } from '../../apps/all-apps.js';
import { checkAll, generate, revertLast, runAll, type AppDataSource } from './migration-commands.js';

const USAGE = `Usage: npm run migrate -- <run|revert|check|generate> [--app <app>] [--name <name>] [--into <folder>]
  run       apply pending migrations (every app, or --app)      needs DATABASE_URL
  revert    revert the last migration of --app                   needs DATABASE_URL
  check     fail when entities and migrations disagree           embedded database unless DATABASE_URL
  generate  write a migration for --app named --name             embedded database unless DATABASE_URL
            into src/<folder>/migrations (default: the core's, src/core/database/migrations)`;

const logger = createLogger({ service: 'migrate' });
const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { app: { type: 'string' }, name: { type: 'string' }, into: { type: 'string' } },
  });
  const [command] = positionals;
  const definitions = allDefinitions.filter((definition) => !values.app || definition.name === values.app);
  if (!command || definitions.length === 0 || (command === 'generate' && (!values.app || !values.name))) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  if ((command === 'revert' || command === 'generate') && !values.app) {
    process.stderr.write(`${command} needs --app\n${USAGE}\n`);
    return 2;
  }
  const needsRealDatabase = command === 'run' || command === 'revert';
  let embedded: EmbeddedPostgres | null = null;
  const env = { ...process.env };
  if (!env['DATABASE_URL'] && !needsRealDatabase) {
    embedded = await startEmbeddedPostgres();
    env['DATABASE_URL'] = embedded.url;
  }
  const { database } = loadConfig({ database: DatabaseConfig }, env);
  const targets: AppDataSource[] = [];
  try {
    for (const definition of definitions) {
      const dataSource = createDataSource(definition.database, { ...database, DATABASE_POOL_SIZE: 2 });
      await dataSource.initialize();
      targets.push({ app: definition.name, dataSource });
    }
    switch (command) {
      case 'run':
        await runAll(targets, logger);
        return 0;
      case 'revert':
        await revertLast(targets, logger);
        return 0;
      case 'check':
        return (await checkAll(targets, logger)) ? 0 : 1;
      case 'generate':
        await generate(targets[0]!, values.name!, repositoryRoot, Date.now(), logger, values.into);
        return 0;
      default:
        process.stderr.write(`Unknown command ${command}\n${USAGE}\n`);
        return 2;
    }
  } finally {
    await Promise.all(targets.map(({ dataSource }) => dataSource.destroy()));
    await embedded?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigValidationError) logger.fatal({ problems: error.problems }, error.message);
    else logger.fatal({ err: error }, 'migration command failed');
    process.exit(1);
  },
);
