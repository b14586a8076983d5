import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { expectEventually } from '@platform/test-support';
// The sandbox is a tool, not a lib: suites start its simulators from source (tools/sandbox/README.md).
// eslint-disable-next-line @nx/enforce-module-boundaries
import {
  startPushBouncer,
  type PushBouncerSimulator,
} from '../../../tools/sandbox/src/push-bouncer/push-bouncer.simulator.js';
import { CreateRealmUseCase } from '../src/realms/create-realm.use-case.js';
import { startChatReplicaPair, type ChatReplicaPair } from './chat-replica-pair.js';

// Two chat-api replicas on one PostgreSQL sharing the push worker's queue: every call to the
// bouncer is made once, whichever replica queued it and however both compete.
describe('push notifications across two chat-api replicas', () => {
  const run = randomUUID().slice(0, 8);
  let bouncer: PushBouncerSimulator;
  let pair: ChatReplicaPair;

  beforeAll(async () => {
    bouncer = await startPushBouncer();
    pair = await startChatReplicaPair('chat-push', run, {
      CHAT_SECRET_KEY: 'chat-secret-key-for-the-push-suite-0123456789',
      CHAT_PUSH_BOUNCER_URL: bouncer.url,
      CHAT_PUSH_SERVER_UUID: randomUUID(),
      CHAT_PUSH_SERVER_KEY: 'push-server-key',
      // Both replicas look for work often, so both compete for every call.
      CHAT_PUSH_POLL_MS: '100',
    });
  }, 120_000);

  afterAll(async () => {
    await pair?.stop();
    await bouncer?.close();
  });

  it('registers once, notifies each message once and removes each read one once', async () => {
    const [a, b] = pair.replicas;
    const realm = await a.app.get(CreateRealmUseCase).execute({
      name: `Push ${run}`,
      ownerEmail: `push-${run}@example.com`,
      ownerName: 'Push Owner',
      origin: 'http://chat.test',
    });
    const owner = realm.owner;
    const as = (replica: typeof a, email: string, apiKey: string) => ({
      post: (path: string, form: Record<string, string>) =>
        request(replica.app.getHttpServer())
          .post(`/api/v1${path}`)
          .auth(email, apiKey)
          .type('form')
          .send(form),
    });
    await as(a, owner.email, owner.apiKey)
      .post('/users', {
        email: `phone-${run}@example.com`,
        password: 'phone-password',
        full_name: 'Pat Phone',
      })
      .expect(200);
    const login = await request(b.app.getHttpServer())
      .post('/api/v1/fetch_api_key')
      .type('form')
      .send({ username: `phone-${run}@example.com`, password: 'phone-password' })
      .expect(200);
    const phone = {
      email: `phone-${run}@example.com`,
      apiKey: login.body.api_key as string,
      userId: login.body.user_id as number,
    };

    await as(b, phone.email, phone.apiKey)
      .post('/users/me/android_gcm_reg_id', { token: `fcm-${run}` })
      .expect(200);
    await as(a, phone.email, phone.apiKey)
      .post('/mobile_push/register', {
        token_kind: 'fcm',
        push_account_id: '77',
        push_public_key: 'push-public-key',
        bouncer_public_key: 'bouncer-public-key',
        encrypted_push_registration: 'encrypted',
      })
      .expect(200);

    const sent: number[] = [];
    for (const replica of [a, b, a, b, a, b, a, b]) {
      const { body } = await as(replica, owner.email, owner.apiKey)
        .post('/messages', {
          type: 'direct',
          to: JSON.stringify([phone.userId]),
          content: `ping ${sent.length}`,
        })
        .expect(200);
      sent.push(body.id as number);
    }
    const notified = () =>
      bouncer
        .calls('notify')
        .map((call) => call.params['gcm_payload'] as Record<string, unknown>)
        .filter((payload) => payload['event'] === 'message')
        .map((payload) => payload['zulip_message_id']);
    await expectEventually(() => expect([...notified()].sort()).toEqual([...sent].sort()), {
      timeoutMs: 30_000,
    });

    await as(b, phone.email, phone.apiKey)
      .post('/messages/flags', { messages: JSON.stringify(sent), op: 'add', flag: 'read' })
      .expect(200);
    const removed = () =>
      bouncer
        .calls('notify')
        .map((call) => call.params['gcm_payload'] as Record<string, unknown>)
        .filter((payload) => payload['event'] === 'remove')
        .flatMap((payload) => String(payload['zulip_message_ids']).split(',').map(Number));
    // The removals ride the replicas' Kafka group (chat-api-push-reads), which may still be joining
    // on a loaded machine: its events wait on the broker meanwhile.
    await expectEventually(() => expect([...removed()].sort()).toEqual([...sent].sort()), {
      timeoutMs: 90_000,
    });

    expect(bouncer.calls('register')).toHaveLength(1);
    expect(bouncer.calls('e2ee/register')).toHaveLength(1);
    expect(notified()).toHaveLength(sent.length);
  }, 180_000);
});
