import request from 'supertest';
import type { PlatformSections, RunningService, ServiceDefinition } from '@platform/http';
import { InMemoryEventBus } from '@platform/messaging';
import { startTestDatabase, type TestDatabase } from '@platform/test-support';
import { TEST_OPS_API_KEY, startTestService, testGatewayEnv } from '@platform/testing';
import { chatApiDefinition } from '../src/chat-api.definition.js';

export const TEST_CHAT_SECRET_KEY = 'chat-secret-key-for-end-to-end-suites-0123';

export interface ChatAccount {
  readonly userId: number;
  readonly email: string;
  readonly apiKey: string;
}

export interface ChatRealm {
  readonly realmId: number;
  readonly url: string;
  readonly owner: ChatAccount;
}

// chat-api behind the gateway on a fresh database and an in-memory bus, with helpers to
// bootstrap realms and accounts the way an operator and an administrator would. The suite
// passes the gateway's definition in: only suites assemble other apps.
export class ChatTestSystem {
  private constructor(
    readonly database: TestDatabase,
    readonly bus: InMemoryEventBus,
    readonly chatApi: RunningService,
    readonly gateway: RunningService,
  ) {}

  static async start<S extends PlatformSections>(
    gatewayDefinition: ServiceDefinition<S>,
    chatEnv: Readonly<Record<string, string>> = {},
    gatewayEnv: Readonly<Record<string, string>> = {},
  ): Promise<ChatTestSystem> {
    const database = await startTestDatabase();
    const bus = new InMemoryEventBus();
    await bus.connect();
    const chatApi = await startTestService(chatApiDefinition, {
      databaseUrl: database.url,
      bus,
      env: { CHAT_SECRET_KEY: TEST_CHAT_SECRET_KEY, ...chatEnv },
    });
    const gateway = await startTestService(gatewayDefinition, {
      databaseUrl: database.url,
      bus,
      env: testGatewayEnv({ quote: chatApi.url, chat: chatApi.url }, gatewayEnv),
    });
    return new ChatTestSystem(database, bus, chatApi, gateway);
  }

  get http() {
    return request(this.gateway.app.getHttpServer());
  }

  get gatewayUrl(): string {
    return this.gateway.url;
  }

  async createRealm(
    name = 'Test org',
    ownerEmail = 'owner@example.com',
    extra: object = {},
  ): Promise<ChatRealm> {
    const response = await this.http
      .post('/ops/chat/realms')
      .set('X-OPS-API-KEY', TEST_OPS_API_KEY)
      .send({ name, ownerEmail, ownerName: 'Olivia Owner', ownerPassword: 'owner-password', ...extra })
      .expect(201);
    return response.body as ChatRealm;
  }

  // An administrator creates the account, then its owner logs in with the password.
  async createUser(
    admin: ChatAccount,
    email: string,
    fullName: string,
    password = 'user-password',
  ): Promise<ChatAccount> {
    await this.http
      .post('/api/v1/users')
      .auth(admin.email, admin.apiKey)
      .type('form')
      .send({ email, password, full_name: fullName })
      .expect(200);
    const login = await this.http
      .post('/api/v1/fetch_api_key')
      .type('form')
      .send({ username: email, password })
      .expect(200);
    return { userId: login.body.user_id, email, apiKey: login.body.api_key };
  }

  // An administrator gives an account a role (Zulip's role codes: 600 guest…).
  async setRole(admin: ChatAccount, account: ChatAccount, role: number): Promise<void> {
    await this.http
      .patch(`/api/v1/users/${account.userId}`)
      .auth(admin.email, admin.apiKey)
      .type('form')
      .send({ role: String(role) })
      .expect(200);
  }

  async stop(): Promise<void> {
    await this.gateway.close();
    await this.chatApi.close();
    await this.bus.disconnect();
    await this.database.drop();
  }
}
