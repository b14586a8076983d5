import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { webhookDispatcherDefinition } from '@apps/webhook-dispatcher';
import type { RunningService } from '@platform/http';
import { createLogger } from '@platform/logging';
import { expectEventually, kafkaBrokers, startTestDatabase, type TestDatabase } from '@platform/test-support';
import { RunScopedBus, runScopedKafkaBus, startTestService } from '@platform/testing';
import { chatApiDefinition } from '../src/chat-api.definition.js';
import { CreateRealmUseCase } from '../src/realms/create-realm.use-case.js';

interface Account {
  readonly userId: number;
  readonly email: string;
  readonly apiKey: string;
}

// The whole outgoing-webhook loop on the real broker: chat-api publishes the request, a separate
// webhook-dispatcher calls the bot's service and publishes how it ended, chat-api posts the answer.
const JSON_TYPE = { 'content-type': 'application/json' };
// What the suite's service answers to a message that is one of these keys.
const ANSWERS: Record<string, { status: number; body: string }> = {
  content: { status: 200, body: JSON.stringify({ content: 'plain answer' }) },
  'response string': { status: 200, body: JSON.stringify({ response_string: 'legacy answer' }) },
  'not required': { status: 200, body: JSON.stringify({ response_not_required: true }) },
  blank: { status: 200, body: JSON.stringify({ content: '   ' }) },
  'invalid json': { status: 200, body: 'this is not JSON' },
  array: { status: 200, body: '["a"]' },
  'server error': { status: 500, body: '{"error": "broken"}' },
};

describe('outgoing webhooks across chat-api and webhook-dispatcher on Kafka', () => {
  const run = randomUUID().slice(0, 8);
  const logger = createLogger({ service: 'outgoing-webhooks-test', level: 'silent' });
  let database: TestDatabase;
  let chatApi: RunningService | null = null;
  let dispatcher: RunningService | null = null;
  let dispatcherBus: RunScopedBus | null = null;
  let chatBus: RunScopedBus | null = null;
  let receiver: Server;
  let receiverUrl: string;
  const received: string[] = [];
  let owner: Account;

  // A bus of the suite's own run, its consumer groups too; they commit, so that a restarted
  // dispatcher resumes where the stopped one was.
  async function scopedBus(clientId: string): Promise<RunScopedBus> {
    const kafka = runScopedKafkaBus({ clientId, run, logger });
    const bus = new RunScopedBus(kafka, run, 'earliest');
    await bus.connect();
    return bus;
  }

  async function startDispatcher(): Promise<void> {
    dispatcherBus = await scopedBus('outgoing-webhooks-dispatcher');
    dispatcher = await startTestService(webhookDispatcherDefinition, {
      databaseUrl: database.url,
      bus: dispatcherBus,
      env: {
        WEBHOOK_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
        WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
        WEBHOOK_TIMEOUT_MS: '5000',
        WEBHOOK_POLL_INTERVAL_MS: '50',
      },
    });
  }

  beforeAll(async () => {
    if (!kafkaBrokers()) throw new Error('KAFKA_BROKERS is not set: eval "$(bash tools/infra/infra.sh env)"');
    receiver = createServer((incoming, response) => {
      let body = '';
      incoming.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      incoming.on('end', () => {
        received.push(body);
        const { data } = JSON.parse(body) as { data: string };
        const answer = ANSWERS[data];
        if (answer) return void response.writeHead(answer.status, JSON_TYPE).end(answer.body);
        // "slow …" is answered late enough for the suite to stop chat-api in between.
        setTimeout(
          () => response.writeHead(200, JSON_TYPE).end(JSON.stringify({ content: `echo: ${data}` })),
          data.startsWith('slow') ? 1_500 : 0,
        );
      });
    });
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/bot`;
    database = await startTestDatabase();
    await startChat();
    await startDispatcher();
    const realm = await chatApi!.app.get(CreateRealmUseCase).execute({
      name: `Hooks ${run}`,
      ownerEmail: `hooks-${run}@example.com`,
      ownerName: 'Hook Owner',
      origin: 'http://chat.test',
    });
    owner = realm.owner;
  }, 120_000);

  async function startChat(): Promise<void> {
    chatBus = await scopedBus('outgoing-webhooks-chat');
    chatApi = await startTestService(chatApiDefinition, {
      databaseUrl: database.url,
      bus: chatBus,
      // The suite polls the conversation until the answer is there.
      env: {
        CHAT_SECRET_KEY: 'chat-secret-key-for-the-outgoing-webhooks-0123',
        CHAT_RATE_LIMIT_REQUESTS: '100000',
      },
    });
  }

  async function stopChat(): Promise<void> {
    await chatApi?.close();
    await chatBus?.disconnect();
    chatApi = null;
    chatBus = null;
  }

  async function stopDispatcher(): Promise<void> {
    await dispatcher?.close();
    await dispatcherBus?.disconnect();
    dispatcher = null;
    dispatcherBus = null;
  }

  afterAll(async () => {
    await stopDispatcher();
    await stopChat();
    await database?.drop();
    receiver?.closeAllConnections();
    await new Promise((done) => receiver?.close(done));
  });

  const api = () => request(chatApi!.app.getHttpServer());
  const receivedData = () => received.map((body) => (JSON.parse(body) as { data: string }).data);

  async function createBot(shortName: string, url: string): Promise<number> {
    const created = await api()
      .post('/api/v1/bots')
      .auth(owner.email, owner.apiKey)
      .type('form')
      .send({
        full_name: `Bot ${shortName}`,
        short_name: shortName,
        bot_type: '3',
        payload_url: JSON.stringify(url),
        interface_type: '1',
      })
      .expect(200);
    return created.body.user_id as number;
  }

  async function sendDirect(to: number, content: string): Promise<void> {
    await api()
      .post('/api/v1/messages')
      .auth(owner.email, owner.apiKey)
      .type('form')
      .send({ type: 'direct', to: JSON.stringify([to]), content })
      .expect(200);
  }

  async function conversationWith(botId: number): Promise<Array<[number, string]>> {
    const response = await api()
      .get('/api/v1/messages')
      .auth(owner.email, owner.apiKey)
      .query({
        anchor: 'newest',
        num_before: '20',
        num_after: '0',
        apply_markdown: 'false',
        narrow: JSON.stringify([{ operator: 'dm', operand: [botId] }]),
      })
      .expect(200);
    return (response.body.messages as Array<{ sender_id: number; content: string }>).map((message) => [
      message.sender_id,
      message.content,
    ]);
  }

  it('posts the answer of the service, and a request made while the dispatcher is down once it is back', async () => {
    const botId = await createBot('echo', receiverUrl);
    await sendDirect(botId, 'first');
    await expectEventually(
      async () =>
        expect(await conversationWith(botId)).toEqual([
          [owner.userId, 'first'],
          [botId, 'echo: first'],
        ]),
      { timeoutMs: 60_000, intervalMs: 250 },
    );
    // The request waits in Kafka while no dispatcher runs, and is called once when one is back.
    await stopDispatcher();
    await sendDirect(botId, 'second');
    await startDispatcher();
    await expectEventually(
      async () =>
        expect(await conversationWith(botId)).toEqual([
          [owner.userId, 'first'],
          [botId, 'echo: first'],
          [owner.userId, 'second'],
          [botId, 'echo: second'],
        ]),
      { timeoutMs: 60_000, intervalMs: 250 },
    );
    expect(receivedData()).toEqual(['first', 'second']);
  }, 150_000);

  it('posts the answer once when chat-api restarts while the call is made', async () => {
    const botId = await createBot('patient', receiverUrl);
    await sendDirect(botId, 'warm up');
    await expectEventually(async () => expect(await conversationWith(botId)).toHaveLength(2), {
      timeoutMs: 60_000,
      intervalMs: 250,
    });
    // The request leaves from the outbox (now or after the restart); its answer comes back while
    // chat-api is down and waits in Kafka.
    await sendDirect(botId, 'slow one');
    await stopChat();
    await startChat();
    await expectEventually(
      async () =>
        expect(await conversationWith(botId)).toEqual([
          [owner.userId, 'warm up'],
          [botId, 'echo: warm up'],
          [owner.userId, 'slow one'],
          [botId, 'echo: slow one'],
        ]),
      { timeoutMs: 60_000, intervalMs: 250 },
    );
    expect(receivedData().filter((data) => data === 'slow one')).toHaveLength(1);
  }, 150_000);

  it('answers each kind of response as Zulip does: content, response_string, nothing, failures', async () => {
    const botId = await createBot('kinds', receiverUrl);
    const fromBot = async () =>
      (await conversationWith(botId)).filter(([sender]) => sender === botId).map(([, content]) => content);
    const notice = (error: RegExp) => expect.stringMatching(error);
    // One message at a time, each answered before the next: the answers keep their order.
    const steps: Array<[string, unknown[]]> = [
      ['not required', []],
      ['blank', []],
      ['content', ['plain answer']],
      ['response string', ['legacy answer']],
      ['invalid json', ['Failure! Invalid JSON in response', notice(/error:\n> Invalid JSON in response\n/)]],
      ['array', ['Failure! Invalid response format', notice(/error:\n> Invalid response format\n/)]],
      ['server error', ['Failure! Third party responded with 500', notice(/status code \*500\*/)]],
    ];
    const expected: unknown[] = [];
    for (const [kind, answers] of steps) {
      await sendDirect(botId, kind);
      expected.push(...answers);
      await expectEventually(
        async () => {
          expect(receivedData().filter((data) => data === kind)).toHaveLength(1);
          expect(await fromBot()).toEqual(expected);
        },
        { timeoutMs: 60_000, intervalMs: 250 },
      );
    }
  }, 150_000);

  it('reports the bot unavailable when its service is down', async () => {
    const down = createServer();
    await new Promise<void>((done) => down.listen(0, '127.0.0.1', done));
    const port = (down.address() as AddressInfo).port;
    await new Promise((done) => down.close(done));
    const botId = await createBot('down', `http://127.0.0.1:${port}/bot`);
    await sendDirect(botId, 'anyone there?');
    await expectEventually(
      async () => {
        const conversation = await conversationWith(botId);
        expect(conversation.slice(0, 2)).toEqual([
          [owner.userId, 'anyone there?'],
          [botId, 'Failure! Bot is unavailable'],
        ]);
        expect(conversation[2]![1]).toMatch(
          /triggered an outgoing webhook\.\nA connection error occurred\. Is my bot server down\?$/,
        );
      },
      { timeoutMs: 60_000, intervalMs: 250 },
    );
  }, 90_000);
});
