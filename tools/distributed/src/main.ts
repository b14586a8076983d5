import { spawn } from 'node:child_process';
import { ConfigValidationError, loadConfig } from '@platform/config';
import { createLogger } from '@platform/logging';
import { backendDefinitions, gatewayDefinition, upstreamVariables } from '../../apps/all-apps.js';
import { AppSupervisor } from './app-supervisor.js';
import { DistributedConfig } from './distributed.config.js';
import { appsWithPendingMigrations } from './pending-migrations.js';

// Every app as its own process against DATABASE_URL and KAFKA_BROKERS, as in production, each
// restarted on its own when it exits (AppSupervisor). Each app validates its own configuration;
// this launcher only assigns ports and upstream URLs.
const logger = createLogger({ service: 'distributed' });
const supervisor = new AppSupervisor({
  logger,
  // Each app in its own process group: a Ctrl-C on the terminal reaches only this launcher,
  // which then stops every app once (a second signal would make an app exit without draining).
  spawn: ({ name, env }) =>
    spawn(process.execPath, ['--enable-source-maps', `dist/apps/${name}/src/main.js`], {
      env,
      stdio: 'inherit',
      detached: true,
    }),
});

let stopping = false;

// Once, however many signals come: a signal sent to the launcher's process group reaches npm too,
// which passes it on, and a second signal must not kill the launcher while its apps drain (they
// would be left running, each in its own process group).
function stopAll(): void {
  if (stopping) return;
  stopping = true;
  logger.info('stopping every app');
  supervisor.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      logger.error({ err: error }, 'stop failed');
      process.exit(1);
    },
  );
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
    supervisor.start({
      name: definition.name,
      env: { ...process.env, ...upstreams, EVENT_BUS: 'kafka', PORT: String(port) },
    });
  });
  supervisor.start({
    name: gatewayDefinition.name,
    env: { ...process.env, ...upstreams, EVENT_BUS: 'kafka', PORT: String(distributed.PORT) },
  });
  logger.info({ gateway: `http://localhost:${distributed.PORT}` }, 'apps launched');
  process.on('SIGINT', stopAll);
  process.on('SIGTERM', stopAll);
} catch (error) {
  if (error instanceof ConfigValidationError) logger.fatal({ problems: error.problems }, error.message);
  else logger.fatal({ err: error }, 'distributed start failed');
  process.exit(1);
}
