import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PlatformSections, RunningService } from '@platform/http';
import type { KafkaEventBus } from '@platform/messaging';
import { kafkaBrokers, startTestDatabase, type TestDatabase } from '@platform/test-support';
import { freeLoopbackPorts } from '@shared/util';
import {
  CapturedLogs,
  RunScopedBus,
  TEST_OPS_API_KEY,
  runScopedKafkaBus,
  startTestService,
  testGatewayEnv,
} from '@platform/testing';
import { upstreamVariables } from '../../apps/all-apps.js';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { chainWatchersDefinition } from '@apps/chain-watchers';
import { kycServiceDefinition } from '@apps/kyc-service';
import { quoteServiceDefinition } from '@apps/quote-service';
import { transactionServiceDefinition } from '@apps/transaction-service';
import { webhookDispatcherDefinition } from '@apps/webhook-dispatcher';
import { startSandbox, type Sandbox } from '../../sandbox/src/start-sandbox.js';
import { pointAtSandbox, sandboxEnv } from '../../sandbox/src/deployment-env.js';

const PAYOUT_APPS = [
  quoteServiceDefinition,
  transactionServiceDefinition,
  chainWatchersDefinition,
  kycServiceDefinition,
  webhookDispatcherDefinition,
] as const;

// Every payout app as in the distributed mode: one real PostgreSQL database in which each app
// migrates and owns its schema, each app with its own Kafka connection, and the sandbox
// simulators as the outside world (chains, rails, FX feed, a partner's webhook receiver).
export class DistributedPayoutSystem {
  readonly run = randomUUID().slice(0, 8);
  sandbox!: Sandbox;
  database!: TestDatabase;
  gatewayUrl!: string;
  readonly services: RunningService[] = [];
  // Every app's info lines: a payout's lines share one trace id.
  readonly logs = new CapturedLogs();
  private readonly buses: KafkaEventBus[] = [];
  private storageDir!: string;

  async start(): Promise<this> {
    const brokers = kafkaBrokers();
    if (!brokers) throw new Error('KAFKA_BROKERS is not set: eval "$(bash tools/infra/infra.sh env)"');
    this.database = await startTestDatabase();
    if (this.database.kind !== 'postgres')
      throw new Error('TEST_DATABASE_URL is not set: the infra suite needs PostgreSQL');
    this.storageDir = await mkdtemp(join(tmpdir(), 'payout-flow-'));
    this.sandbox = await startSandbox();
    // Ports first: transaction-service and chain-watchers ask each other.
    const ports = await freeLoopbackPorts(PAYOUT_APPS.length);
    const upstreams: Record<string, string> = {};
    PAYOUT_APPS.forEach((definition, index) => {
      upstreams[upstreamVariables[definition.name]!] = `http://127.0.0.1:${ports[index]}`;
    });
    for (const [index, definition] of PAYOUT_APPS.entries()) {
      await this.boot(definition, {
        ...upstreams,
        ...this.ownEnv(definition.name),
        ...sandboxEnv(this.sandbox, definition.name),
        PORT: String(ports[index]),
      });
    }
    const gateway = await this.boot(
      apiGatewayDefinition,
      testGatewayEnv({
        quote: upstreams.QUOTE_SERVICE_URL!,
        transaction: upstreams.TRANSACTION_SERVICE_URL!,
        kyc: upstreams.KYC_SERVICE_URL!,
        webhooks: upstreams.WEBHOOK_DISPATCHER_URL!,
      }),
    );
    this.gatewayUrl = gateway.url;
    await pointAtSandbox(this.gatewayUrl, TEST_OPS_API_KEY, this.sandbox);
    return this;
  }

  async stop(): Promise<void> {
    for (const service of this.services.reverse()) await service.close();
    for (const bus of this.buses) await bus.disconnect();
    await this.sandbox?.close();
    await this.database?.drop();
    if (this.storageDir) await rm(this.storageDir, { recursive: true, force: true });
  }

  private async boot(
    definition: (typeof PAYOUT_APPS)[number] | typeof apiGatewayDefinition,
    env: Record<string, string>,
  ): Promise<RunningService> {
    // The run's own topics and environment id, as a deployment of its own on the shared broker.
    const kafka = runScopedKafkaBus({ clientId: definition.name, run: this.run });
    await kafka.connect();
    this.buses.push(kafka);
    const service = await startTestService<PlatformSections>(definition, {
      databaseUrl: this.database.url,
      bus: new RunScopedBus(kafka, this.run),
      env,
      logs: this.logs,
    });
    this.services.push(service);
    return service;
  }

  private ownEnv(app: string): Record<string, string> {
    switch (app) {
      case 'kyc-service':
        return {
          KYC_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
          KYC_STORAGE_DIR: join(this.storageDir, 'kyc-documents'),
        };
      case 'chain-watchers':
        // The catalogue is rotated to the sandbox's mints after boot (pointAtSandbox): seen at once.
        // The master secret gives every Solana and Celo transaction its own deposit address.
        return { UPSTREAM_CACHE_MS: '100', DEPOSIT_MASTER_SECRET: randomBytes(48).toString('base64url') };
      case 'transaction-service':
        return { TRANSACTION_PII_KEY: randomBytes(32).toString('base64') };
      case 'webhook-dispatcher':
        // The sandbox receiver listens on loopback.
        return {
          WEBHOOK_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
          WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
          WEBHOOK_POLL_INTERVAL_MS: '50',
        };
      default:
        return {};
    }
  }
}
