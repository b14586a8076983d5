import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { ConfigValidationError, loadConfig } from '@platform/config';
import { createLogger } from '@platform/logging';
import { backendDefinitions, gatewayDefinition, upstreamVariables } from '../../apps/all-apps.js';
import { DistributedConfig } from './distributed.config.js';
import { appsWithPendingMigrations } from './pending-migrations.js';

// Every app as its own process against DATABASE_URL and KAFKA_BROKERS, as in production. Each
// app validates its own configuration; this launcher only assigns ports and upstream URLs.
const logger = createLogger({ service: 'distributed' });
const children: ChildProcess[] = [];

function launch(app: string, env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, ['--enable-source-maps', `dist/apps/${app}/src/main.js`], {
    env,
    stdio: 'inherit',
  });
  child.once('exit', (code, signal) => {
    if (!stopping) {
      logger.error({ app, code, signal }, 'app exited; stopping the others');
      void stopAll(1);
    }
  });
  children.push(child);
  return child;
}

let stopping = false;
async function stopAll(exitCode: number): Promise<void> {
  stopping = true;
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  for (const child of running) child.kill('SIGTERM');
  await Promise.all(running.map((child) => once(child, 'exit')));
  process.exit(exitCode);
}

try {
  const { distributed } = loadConfig({ distributed: DistributedConfig });
  const pending = await appsWithPendingMigrations(process.env);
  if (pending.length > 0) {
    logger.fatal({ pending }, 'migrations are pending: run `npm run migrate -- run` first');
    process.exit(1);
  }
  // Backends ask each other too (transaction-service asks quote-service and kyc-service): every
  // app gets every backend's URL.
  const upstreams: Record<string, string> = {};
  backendDefinitions.forEach((definition, index) => {
    const variable = upstreamVariables[definition.name];
    if (variable) upstreams[variable] = `http://127.0.0.1:${distributed.BACKEND_BASE_PORT + index}`;
  });
  backendDefinitions.forEach((definition, index) => {
    const port = distributed.BACKEND_BASE_PORT + index;
    launch(definition.name, { ...process.env, ...upstreams, EVENT_BUS: 'kafka', PORT: String(port) });
  });
  launch(gatewayDefinition.name, {
    ...process.env,
    ...upstreams,
    EVENT_BUS: 'kafka',
    PORT: String(distributed.PORT),
  });
  logger.info({ gateway: `http://localhost:${distributed.PORT}` }, 'apps launched');
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));
} catch (error) {
  if (error instanceof ConfigValidationError) logger.fatal({ problems: error.problems }, error.message);
  else logger.fatal({ err: error }, 'distributed start failed');
  process.exit(1);
}
