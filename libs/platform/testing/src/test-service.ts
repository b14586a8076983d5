import { migrateDatabase } from '@platform/database';
import {
  startService,
  type PlatformSections,
  type RunningService,
  type ServiceDefinition,
} from '@platform/http';
import type { EventBus } from '@platform/messaging';
import type { CapturedLogs } from './captured-logs.js';

export const TEST_INTERNAL_AUTH_SECRET = 'test-internal-auth-secret-of-32-chars!!';

export interface TestServiceOptions {
  readonly databaseUrl: string;
  readonly bus: EventBus;
  readonly env?: Readonly<Record<string, string>>;
  // Where its info lines go; without it, the app logs nothing.
  readonly logs?: CapturedLogs;
}

// One app on a free port against the given database (migrated first) and bus, logging nothing
// unless `logs` keeps its lines.
export async function startTestService<S extends PlatformSections>(
  definition: ServiceDefinition<S>,
  { databaseUrl, bus, env = {}, logs }: TestServiceOptions,
): Promise<RunningService> {
  await migrate(definition, databaseUrl);
  return startService(definition, {
    env: {
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: logs ? 'info' : 'silent',
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '4',
      EVENT_BUS: 'memory',
      INTERNAL_AUTH_SECRET: TEST_INTERNAL_AUTH_SECRET,
      // A suite that ends with a long poll still open should not wait the production drain.
      SHUTDOWN_DRAIN_MS: '1000',
      ...env,
    },
    sharedBus: bus,
    ...(logs ? { logDestination: logs.stream } : {}),
  });
}

export async function migrate<S extends PlatformSections>(
  definition: ServiceDefinition<S>,
  databaseUrl: string,
) {
  return migrateDatabase(definition.database, databaseUrl);
}
