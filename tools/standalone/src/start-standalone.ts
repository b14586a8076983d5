import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { runMigrations, startEmbeddedPostgres, withDataSource } from '@platform/database';
import { startService, type RunningService } from '@platform/http';
import type { Logger } from '@platform/logging';
import { InMemoryEventBus } from '@platform/messaging';
import { backendDefinitions, gatewayDefinition, upstreamVariables } from '../../apps/all-apps.js';
import { loadOrCreateSecrets, type StandaloneSecrets } from './standalone-secrets.js';

export interface StandaloneOptions {
  readonly port: number;
  readonly dataDir: string;
  readonly logLevel: string;
  readonly logger: Logger;
  // Layered under the launcher's own settings (tests pass their own environment).
  readonly baseEnv: Readonly<Record<string, string | undefined>>;
}

export interface Standalone {
  readonly gatewayUrl: string;
  readonly services: readonly RunningService[];
  stop(): Promise<void>;
}

const POOL_PER_APP = 4;

// Every app in one process: PGlite served over the Postgres wire protocol (data under dataDir),
// one in-memory event bus shared by all, migrations applied as an explicit step before boot.
export async function startStandalone(options: StandaloneOptions): Promise<Standalone> {
  const { logger } = options;
  const dataDir = resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true });
  const secrets = await loadOrCreateSecrets(dataDir);
  const postgres = await startEmbeddedPostgres({
    dataDir: join(dataDir, 'postgres'),
    maxConnections: (backendDefinitions.length + 2) * POOL_PER_APP,
  });
  logger.info({ dataDir }, 'embedded PostgreSQL started');
  const bus = new InMemoryEventBus();
  await bus.connect();
  const services: RunningService[] = [];
  const stop = async () => {
    for (const service of services.reverse()) await service.close();
    await bus.disconnect();
    await postgres.stop();
  };
  try {
    const common = {
      ...options.baseEnv,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      LOG_LEVEL: options.logLevel,
      DATABASE_URL: postgres.url,
      DATABASE_POOL_SIZE: String(POOL_PER_APP),
      EVENT_BUS: 'memory',
      INTERNAL_AUTH_SECRET: secrets.internalAuthSecret,
    };
    for (const definition of [...backendDefinitions, gatewayDefinition]) {
      const applied = await withDataSource(definition.database, postgres.url, runMigrations);
      if (applied.length > 0) logger.info({ app: definition.name, applied }, 'migrations applied');
    }
    const upstreams: Record<string, string> = {};
    for (const definition of backendDefinitions) {
      const service = await startService(definition, {
        env: { ...common, ...ownEnv(definition.name, secrets, dataDir), PORT: '0' },
        sharedBus: bus,
      });
      services.push(service);
      const variable = upstreamVariables[definition.name];
      if (variable) upstreams[variable] = service.url;
    }
    const gateway = await startService(gatewayDefinition, {
      env: {
        ...common,
        ...upstreams,
        ...ownEnv(gatewayDefinition.name, secrets, dataDir),
        PORT: String(options.port),
      },
      sharedBus: bus,
    });
    services.push(gateway);
    return { gatewayUrl: gateway.url.replace('127.0.0.1', 'localhost'), services, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

// The variables only one app reads.
function ownEnv(app: string, secrets: StandaloneSecrets, dataDir: string): Record<string, string> {
  switch (app) {
    case 'api-gateway':
      return {
        API_KEY_PEPPER: secrets.apiKeyPepper,
        OPS_API_KEY: secrets.opsApiKey,
        WALLET_JWT_SECRET: secrets.walletJwtSecret,
      };
    case 'kyc-service':
      return {
        KYC_ENCRYPTION_KEY: secrets.kycEncryptionKey,
        KYC_STORAGE_DIR: join(dataDir, 'kyc-documents'),
      };
    default:
      return {};
  }
}
