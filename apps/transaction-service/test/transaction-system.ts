import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Keypair } from '@stellar/stellar-sdk';
import pg from 'pg';
import request from 'supertest';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { kycServiceDefinition } from '@apps/kyc-service';
import { quoteServiceDefinition } from '@apps/quote-service';
import { InternalTokenService, type RunningService } from '@platform/http';
import { InMemoryEventBus, type EventEnvelope } from '@platform/messaging';
import { startTestDatabase, type TestDatabase } from '@platform/test-support';
import {
  TEST_INTERNAL_AUTH_SECRET,
  TEST_OPS_API_KEY,
  startTestService,
  testGatewayEnv,
} from '@platform/testing';
import type { InternalIdentity, ServiceName, TransactionStatusChangedV1 } from '@shared/contracts';
import { transactionServiceDefinition } from '../src/transaction-service.definition.js';
import { FakeChainWatchers } from './fake-chain-watchers.js';

export const DEPOSIT_ADDRESSES = {
  STELLAR: 'GAXHWB7K4DAES7VIF3Y2RBYYTD2UNJ76WH5OE5ACBQ5GECYHO4KXXPOX',
  SOLANA: '5t2xjuc8AAdGD68ggL8eeWjcQJBPJMWDJw1yyPj8bNKr',
  CELO: '0x0d9F115Ed8F3DD416A3E7934aF69f5CD4b9e8f1a',
} as const;

export const refusal = (code: string, reason: string, retryable = false) => ({ code, reason, retryable });

export interface Partner {
  readonly partnerId: string;
  readonly apiKey: string;
}

export interface QuoteRequest {
  readonly amount: number;
  readonly crypto_currency: string;
  readonly network: string;
  readonly payment_method: string;
  readonly target_currency: string;
}

export const STELLAR_BREB: QuoteRequest = {
  amount: 400000,
  crypto_currency: 'USDC',
  network: 'STELLAR',
  payment_method: 'BREB',
  target_currency: 'COP',
};
export const SOLANA_PIX: QuoteRequest = {
  amount: 100,
  crypto_currency: 'USDC',
  network: 'SOLANA',
  payment_method: 'PIX',
  target_currency: 'BRL',
};
export const CELO_PIX: QuoteRequest = {
  amount: 250.5,
  crypto_currency: 'USDT',
  network: 'CELO',
  payment_method: 'PIX',
  target_currency: 'BRL',
};

// A valid CPF (check digits hold) and a Colombian mobile number: keys of each rail.
export const PIX_CPF = '529.982.247-25';
export const BREB_MOBILE = '300 123 4567';

// A three-object PDF: enough for kyc-service to accept (and approve) a submission.
const KYC_DOCUMENT = Buffer.from(
  ['%PDF-1.4', '1 0 obj <</Type /Catalog>> endobj', 'trailer <</Root 1 0 R>>', '%%EOF', ''].join('\n'),
  'latin1',
);

// quote-service, kyc-service and transaction-service behind the gateway, on one database of the
// suite's own (real PostgreSQL when TEST_DATABASE_URL is set) and one in-memory bus.
export class TransactionSystem {
  readonly events: EventEnvelope<TransactionStatusChangedV1>[] = [];
  http!: ReturnType<typeof request>;
  transactionService!: RunningService;
  private database!: TestDatabase;
  private storageDir!: string;
  readonly bus = new InMemoryEventBus();
  private readonly services: RunningService[] = [];
  // chain-watchers when a suite brings none of its own (CHAIN_WATCHERS_URL): it hands out the
  // Solana and Celo transactions' own deposit addresses.
  readonly chainWatchers = new FakeChainWatchers();
  private chainWatchersStarted = false;
  private readonly replicaBuses: InMemoryEventBus[] = [];
  // How transaction-service was started and where its upstreams are, for a second replica.
  private replicaOf!: {
    readonly options: Parameters<typeof startTestService>[1];
    readonly upstreams: { readonly quote: string; readonly kyc: string };
  };

  async start(transactionEnv: Readonly<Record<string, string>> = {}): Promise<this> {
    this.database = await startTestDatabase();
    this.storageDir = await mkdtemp(join(tmpdir(), 'transactions-e2e-'));
    await this.bus.connect();
    await this.bus.subscribe({
      groupId: 'test',
      topics: ['payout.transaction.status-changed.v1'],
      handle: async (event) => void this.events.push(event as EventEnvelope<TransactionStatusChangedV1>),
    });
    const options = (env: Record<string, string>) => ({ databaseUrl: this.database.url, bus: this.bus, env });
    let chainWatchersUrl = transactionEnv['CHAIN_WATCHERS_URL'];
    if (!chainWatchersUrl) {
      chainWatchersUrl = await this.chainWatchers.start();
      this.chainWatchersStarted = true;
    }
    const quote = await this.add(startTestService(quoteServiceDefinition, options({})));
    const kyc = await this.add(
      startTestService(
        kycServiceDefinition,
        options({
          KYC_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
          KYC_STORAGE_DIR: join(this.storageDir, 'documents'),
        }),
      ),
    );
    const transactionOptions = options({
      QUOTE_SERVICE_URL: quote.url,
      KYC_SERVICE_URL: kyc.url,
      TRANSACTION_PII_KEY: randomBytes(32).toString('base64'),
      DEPOSIT_ADDRESS_STELLAR: DEPOSIT_ADDRESSES.STELLAR,
      DEPOSIT_ADDRESS_SOLANA: DEPOSIT_ADDRESSES.SOLANA,
      DEPOSIT_ADDRESS_CELO: DEPOSIT_ADDRESSES.CELO,
      CHAIN_WATCHERS_URL: chainWatchersUrl,
      ...transactionEnv,
    });
    this.transactionService = await this.add(
      startTestService(transactionServiceDefinition, transactionOptions),
    );
    this.replicaOf = { options: transactionOptions, upstreams: { quote: quote.url, kyc: kyc.url } };
    const gateway = await this.add(
      startTestService(
        apiGatewayDefinition,
        options(testGatewayEnv({ quote: quote.url, kyc: kyc.url, transaction: this.transactionService.url })),
      ),
    );
    this.http = request(gateway.app.getHttpServer());
    return this;
  }

  // A second transaction-service on the same database, behind a gateway of its own: what a second
  // pod of a deployment is. The in-memory bus takes one consumer per group, so the replica has a
  // bus of its own (its events are not the suite's to read). Answers that gateway's HTTP client.
  async startReplica(): Promise<ReturnType<typeof request>> {
    const { options, upstreams } = this.replicaOf;
    const bus = new InMemoryEventBus();
    await bus.connect();
    this.replicaBuses.push(bus);
    const replica = await this.add(startTestService(transactionServiceDefinition, { ...options, bus }));
    const gateway = await this.add(
      startTestService(apiGatewayDefinition, {
        ...options,
        bus,
        env: testGatewayEnv({ ...upstreams, transaction: replica.url }),
      }),
    );
    return request(gateway.app.getHttpServer());
  }

  // webhook-dispatcher on the same database and bus, for a suite that follows a transaction's
  // events to their consumer (its deliveries go nowhere: no partner registers an endpoint).
  async startWebhookDispatcher(): Promise<RunningService> {
    // Loaded only by the suite that asks for it: the others do not pay for its modules.
    const { webhookDispatcherDefinition } = await import('@apps/webhook-dispatcher');
    return this.add(
      startTestService(webhookDispatcherDefinition, {
        databaseUrl: this.database.url,
        bus: this.bus,
        env: { WEBHOOK_ENCRYPTION_KEY: randomBytes(32).toString('base64') },
      }),
    );
  }

  async stop(): Promise<void> {
    for (const service of this.services.reverse()) await service.close();
    if (this.chainWatchersStarted) await this.chainWatchers.stop();
    await this.bus.disconnect();
    for (const bus of this.replicaBuses) await bus.disconnect();
    await this.database?.drop();
    if (this.storageDir) await rm(this.storageDir, { recursive: true, force: true });
  }

  // Takes one app down mid-suite, as an outage would.
  async closeService(name: ServiceName): Promise<void> {
    const index = this.services.findIndex((service) => service.name === name);
    const [service] = this.services.splice(index, 1);
    await service?.close();
  }

  async createPartner(name: string): Promise<Partner> {
    const response = await this.ops().post('/ops/partners').send({ name }).expect(201);
    return { partnerId: response.body.partnerId, apiKey: response.body.apiKey };
  }

  ops() {
    const http = this.http;
    const key = { 'X-OPS-API-KEY': TEST_OPS_API_KEY };
    return {
      get: (path: string) => http.get(path).set(key),
      post: (path: string) => http.post(path).set(key),
      put: (path: string) => http.put(path).set(key),
      delete: (path: string) => http.delete(path).set(key),
    };
  }

  async quote(
    partner: Partner,
    body: QuoteRequest = STELLAR_BREB,
  ): Promise<{ quote_id: string; value: number }> {
    return (await this.http.post('/quote').set('X-API-Key', partner.apiKey).send(body).expect(200)).body;
  }

  accept(partner: Partner, body: object, idempotencyKey?: string) {
    const call = this.http.post('/transaction').set('X-API-Key', partner.apiKey);
    return (idempotencyKey ? call.set('Idempotency-Key', idempotencyKey) : call).send(body);
  }

  async approveKyc(partner: Partner, userId: string): Promise<void> {
    const fields = {
      userId,
      fullName: 'Ana María Pérez',
      documentType: 'PASSPORT',
      documentNumber: 'PX7734215',
      dateOfBirth: '1990-04-23',
      nationality: 'CO',
      city: 'Bogotá',
      address: 'Calle 80 # 12-34',
      email: 'ana.perez@example.com',
      phone: '+57 300 123 4567',
    };
    let call = this.http.post('/kyc').set('X-API-Key', partner.apiKey);
    for (const [name, value] of Object.entries(fields)) call = call.field(name, value);
    await call
      .attach('document', KYC_DOCUMENT, { filename: 'id.pdf', contentType: 'application/pdf' })
      .expect(201);
  }

  // A Stellar wallet signed in through the gateway: its address and access token.
  async signInWallet(partner: Partner): Promise<{ address: string; token: string }> {
    const wallet = Keypair.random();
    const challenge = await this.http
      .post('/walletAuth/challenge')
      .set('X-API-Key', partner.apiKey)
      .send({ address: wallet.publicKey() })
      .expect(200);
    const verified = await this.http
      .post('/walletAuth/verify')
      .send({
        address: wallet.publicKey(),
        challengeToken: challenge.body.challengeToken,
        signature: wallet.sign(Buffer.from(challenge.body.message, 'utf8')).toString('base64'),
      })
      .expect(200);
    return { address: wallet.publicKey(), token: verified.body.token };
  }

  // What the gateway forwards for a wallet's Bearer token, for calling the service directly.
  async walletToken(partner: Partner, walletUser: string | null): Promise<string> {
    const identity: InternalIdentity = {
      kind: 'partner',
      partnerId: partner.partnerId,
      scheme: 'bearer',
      walletUser,
    };
    return new InternalTokenService(TEST_INTERNAL_AUTH_SECRET).sign(identity);
  }

  // Reads or changes rows behind the services' backs: a quote expired without waiting an hour, a
  // column as it is stored.
  async sql<Row = Record<string, unknown>>(text: string, values: unknown[]): Promise<Row[]> {
    const client = new pg.Client({ connectionString: this.database.url });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as Row[];
    } finally {
      await client.end();
    }
  }

  private async add(starting: Promise<RunningService>): Promise<RunningService> {
    const service = await starting;
    this.services.push(service);
    return service;
  }
}
