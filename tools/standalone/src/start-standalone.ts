import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { runMigrations, withDataSource } from '@platform/database';
import { startService, type PlatformSections, type RunningService } from '@platform/http';
import type { Logger } from '@platform/logging';
import { InMemoryEventBus } from '@platform/messaging';
import { freeLoopbackPorts } from '@shared/util';
import { backendDefinitions, gatewayDefinition, upstreamVariables } from '../../apps/all-apps.js';
import { startSandbox, type Sandbox } from '../../sandbox/src/start-sandbox.js';
import { pointAtSandbox, sandboxEnv, sandboxPushEnv } from '../../sandbox/src/deployment-env.js';
import { startStandaloneDatabases } from './standalone-databases.js';
import { loadOrCreateSecrets, type StandaloneSecrets } from './standalone-secrets.js';

export interface StandaloneOptions {
  readonly port: number;
  // The sandbox webhook receiver's port (default any free one).
  readonly webhookReceiverPort?: number;
  readonly dataDir: string;
  // chat-api's push service is the sandbox bouncer (default: none).
  readonly sandboxPush?: boolean;
  readonly logLevel: string;
  readonly logger: Logger;
  // Layered under the launcher's own settings (tests pass their own environment).
  readonly baseEnv: Readonly<Record<string, string | undefined>>;
}

export interface Standalone {
  readonly gatewayUrl: string;
  readonly services: readonly RunningService[];
  readonly sandbox: Sandbox;
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
  const databases = await startStandaloneDatabases(dataDir, POOL_PER_APP, backendDefinitions.length);
  logger.info({ dataDir }, 'embedded PostgreSQL started');
  const bus = new InMemoryEventBus();
  await bus.connect();
  // Simulated chains, rails and feeds stand in for the outside world (tools/sandbox).
  const sandbox = await startSandbox({ webhookReceiverPort: options.webhookReceiverPort ?? 0 }).catch(
    async (error: unknown) => {
      await bus.disconnect();
      await databases.stop();
      throw error;
    },
  );
  const services: RunningService[] = [];
  const stop = async () => {
    for (const service of services.reverse()) await service.close();
    await sandbox.close();
    await bus.disconnect();
    await databases.stop();
  };
  try {
    const common = {
      ...options.baseEnv,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      LOG_LEVEL: options.logLevel,
      DATABASE_POOL_SIZE: String(POOL_PER_APP),
      EVENT_BUS: 'memory',
      INTERNAL_AUTH_SECRET: secrets.internalAuthSecret,
    };
    for (const definition of [...backendDefinitions, gatewayDefinition]) {
      const applied = await withDataSource(
        definition.database,
        databases.urlOf(definition.name),
        runMigrations,
      );
      if (applied.length > 0) logger.info({ app: definition.name, applied }, 'migrations applied');
    }
    // Ports are chosen before any app starts so that every app knows every other's URL: backends
    // ask each other too (transaction-service asks quote-service and kyc-service).
    const ports = await freeLoopbackPorts(backendDefinitions.length);
    const upstreams: Record<string, string> = {};
    backendDefinitions.forEach((definition, index) => {
      const variable = upstreamVariables[definition.name];
      if (variable) upstreams[variable] = `http://127.0.0.1:${ports[index]}`;
    });
    for (const [index, definition] of backendDefinitions.entries()) {
      // Each app has its own config sections; the launcher only needs what they all share.
      const service = await startService<PlatformSections>(definition, {
        env: {
          ...common,
          ...upstreams,
          ...ownEnv(definition.name, secrets, dataDir),
          ...sandboxEnv(sandbox, definition.name),
          ...(options.sandboxPush && definition.name === 'chat-api' ? sandboxPushEnv(sandbox) : {}),
          DATABASE_URL: databases.urlOf(definition.name),
          PORT: String(ports[index]),
        },
        sharedBus: bus,
      });
      services.push(service);
    }
    const gateway = await startService(gatewayDefinition, {
      env: {
        ...common,
        ...upstreams,
        ...ownEnv(gatewayDefinition.name, secrets, dataDir),
        // The chains are simulated: partners may pay their deposits from the console.
        SANDBOX_CONTROL_URL: sandbox.control.url,
        DATABASE_URL: databases.urlOf(gatewayDefinition.name),
        PORT: String(options.port),
      },
      sharedBus: bus,
    });
    services.push(gateway);
    await pointAtSandbox(gateway.url, secrets.opsApiKey, sandbox);
    return { gatewayUrl: gateway.url.replace('127.0.0.1', 'localhost'), services, sandbox, stop };
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
    case 'chat-api':
      return { CHAT_SECRET_KEY: secrets.chatSecretKey, CHAT_EXPORT_DIR: join(dataDir, 'chat-exports') };
    case 'transaction-service':
      return { TRANSACTION_PII_KEY: secrets.transactionPiiKey };
    case 'chain-watchers':
      return { DEPOSIT_MASTER_SECRET: secrets.depositMasterSecret };
    case 'webhook-dispatcher':
      // Local receivers (the sandbox's, a developer's) listen on loopback.
      return {
        WEBHOOK_ENCRYPTION_KEY: secrets.webhookEncryptionKey,
        WEBHOOK_ALLOWED_HOSTS: '127.0.0.1,localhost,::1',
      };
    default:
      return {};
  }
}
