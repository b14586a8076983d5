import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { CreateRealmUseCase } from '../src/realms/create-realm.use-case.js';
import { startChatReplicaPair, type ChatReplicaPair } from './chat-replica-pair.js';

const HEARTBEAT_MS = 6_000;

// Two chat-api replicas on one database and the real broker: a queue registered on one replica
// receives the events the other one produces.
describe('chat event fan-out across replicas on Kafka', () => {
  const run = randomUUID().slice(0, 8);
  let pair: ChatReplicaPair;

  beforeAll(async () => {
    pair = await startChatReplicaPair('chat-fanout', run, {
      CHAT_SECRET_KEY: 'chat-secret-key-for-the-fan-out-suite-0123',
      // Longer than the 4 s after which service-to-service connections count as idle.
      CHAT_EVENTS_HEARTBEAT_MS: String(HEARTBEAT_MS),
    });
  }, 120_000);

  afterAll(() => pair?.stop());

  // A new realm's owner with a queue of `eventTypes` on replica B, and that queue's long poll.
  async function ownerPollingOnB(name: string, eventTypes: string[]) {
    const [a, b] = pair.replicas;
    const realm = await a.app.get(CreateRealmUseCase).execute({
      name: `${name} ${run}`,
      ownerEmail: `${name.toLowerCase()}-${run}@example.com`,
      ownerName: 'Fan Owner',
      origin: 'http://chat.test',
    });
    const { email, apiKey, userId } = realm.owner;
    const registered = await request(b.app.getHttpServer())
      .post('/api/v1/register')
      .auth(email, apiKey)
      .type('form')
      .send({ event_types: JSON.stringify(eventTypes) })
      .expect(200);
    const queueId = registered.body.queue_id as string;
    const poll = request(b.app.getHttpServer())
      .get('/api/v1/events')
      .query({ queue_id: queueId, last_event_id: '-1' })
      .auth(email, apiKey);
    return { a, b, email, apiKey, userId, queueId, poll };
  }

  const badQueue = (queueId: string) => ({
    result: 'error',
    msg: `Bad event queue ID: ${queueId}`,
    code: 'BAD_EVENT_QUEUE_ID',
    queue_id: queueId,
  });

  it('delivers a message sent through replica A to a queue held by replica B', async () => {
    const { a, email, apiKey, userId, poll } = await ownerPollingOnB('Fan-out', ['message']);
    const sent = await request(a.app.getHttpServer())
      .post('/api/v1/messages')
      .auth(email, apiKey)
      .type('form')
      .send({ type: 'direct', to: JSON.stringify([userId]), content: 'across replicas' })
      .expect(200);
    const response = await poll.expect(200);
    expect(response.body.events).toEqual([
      expect.objectContaining({
        type: 'message',
        id: 0,
        message: expect.objectContaining({ id: sent.body.id, content: 'across replicas' }),
      }),
    ]);
  });

  it('delivers a typing notification made on replica A to a queue held by replica B', async () => {
    const { a, email, apiKey, userId, poll } = await ownerPollingOnB('Typing', ['typing']);
    await request(a.app.getHttpServer())
      .post('/api/v1/typing')
      .auth(email, apiKey)
      .type('form')
      .send({ op: 'start', to: JSON.stringify([userId]) })
      .expect(200);
    const response = await poll.expect(200);
    const me = { user_id: userId, email };
    expect(response.body.events).toEqual([
      { type: 'typing', id: 0, op: 'start', message_type: 'direct', sender: me, recipients: [me] },
    ]);
  });

  // Behind a Kubernetes Service, a client's polls reach any replica.
  it('answers a long poll that reaches replica A from the queue replica B holds', async () => {
    const { a, email, apiKey, userId, queueId } = await ownerPollingOnB('Routed', ['message']);
    const waiting = request(a.app.getHttpServer())
      .get('/api/v1/events')
      .query({ queue_id: queueId, last_event_id: '-1' })
      .auth(email, apiKey)
      .then((response) => response);
    const sent = await request(a.app.getHttpServer())
      .post('/api/v1/messages')
      .auth(email, apiKey)
      .type('form')
      .send({ type: 'direct', to: JSON.stringify([userId]), content: 'polled elsewhere' })
      .expect(200);

    const response = await waiting;
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      result: 'success',
      msg: '',
      queue_id: queueId,
      events: [
        expect.objectContaining({
          type: 'message',
          id: 0,
          message: expect.objectContaining({ id: sent.body.id, content: 'polled elsewhere' }),
        }),
      ],
    });
    const pruned = await request(a.app.getHttpServer())
      .get('/api/v1/events')
      .query({ queue_id: queueId, last_event_id: '5', dont_block: 'true' })
      .auth(email, apiKey)
      .expect(400);
    expect(pruned.body).toEqual({
      result: 'error',
      msg: 'Event 5 was not in this queue',
      code: 'BAD_REQUEST',
    });
  });

  it('answers a passed-on long poll that waits the whole heartbeat period with a heartbeat', async () => {
    const { a, email, apiKey, queueId } = await ownerPollingOnB('Quiet', ['message']);
    const started = Date.now();
    const response = await request(a.app.getHttpServer())
      .get('/api/v1/events')
      .query({ queue_id: queueId, last_event_id: '-1' })
      .auth(email, apiKey)
      .expect(200);
    expect(response.body).toEqual({
      result: 'success',
      msg: '',
      queue_id: queueId,
      events: [{ type: 'heartbeat', id: 0 }],
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(HEARTBEAT_MS - 100);
  }, 30_000);

  it("deletes replica B's queue through replica A, and refuses another user's queue or a gone replica's", async () => {
    const { a, b, email, apiKey, queueId } = await ownerPollingOnB('Removed', ['message']);
    const other = await a.app.get(CreateRealmUseCase).execute({
      name: `Other ${run}`,
      ownerEmail: `other-${run}@example.com`,
      ownerName: 'Other Owner',
      origin: 'http://chat.test',
    });
    const foreign = await request(a.app.getHttpServer())
      .get('/api/v1/events')
      .query({ queue_id: queueId, last_event_id: '-1', dont_block: 'true' })
      .auth(other.owner.email, other.owner.apiKey)
      .expect(400);
    expect(foreign.body).toEqual(badQueue(queueId));
    const goneReplica = `${randomUUID()}:${randomUUID()}`;
    const gone = await request(a.app.getHttpServer())
      .get('/api/v1/events')
      .query({ queue_id: goneReplica, last_event_id: '-1' })
      .auth(email, apiKey)
      .expect(400);
    expect(gone.body).toEqual(badQueue(goneReplica));

    await request(a.app.getHttpServer())
      .delete('/api/v1/events')
      .type('form')
      .send({ queue_id: queueId })
      .auth(email, apiKey)
      .expect(200, { result: 'success', msg: '' });
    const afterwards = await request(b.app.getHttpServer())
      .get('/api/v1/events')
      .query({ queue_id: queueId, last_event_id: '-1', dont_block: 'true' })
      .auth(email, apiKey)
      .expect(400);
    expect(afterwards.body).toEqual(badQueue(queueId));
  });

  // Organization administration (roles, profile fields, groups, default channels, folders): each
  // change made on A, seen by a queue on B.
  it('delivers the organization administration events made on replica A to a queue held by replica B', async () => {
    const eventTypes = [
      'realm_user',
      'custom_profile_fields',
      'user_group',
      'default_streams',
      'channel_folder',
    ];
    const { a, b, email, apiKey, queueId } = await ownerPollingOnB('Admin', eventTypes);
    const onA = (method: 'post' | 'patch', path: string, form: Record<string, string>) =>
      request(a.app.getHttpServer())
        [method](`/api/v1${path}`)
        .auth(email, apiKey)
        .type('form')
        .send(form)
        .expect((response) =>
          expect([path, response.body]).toEqual([path, expect.objectContaining({ result: 'success' })]),
        );

    const member = await onA('post', '/users', {
      email: `member-${run}@example.com`,
      password: 'member-password',
      full_name: 'Mia Member',
    });
    const memberId = member.body.user_id as number;
    await onA('patch', `/users/${memberId}`, { role: '300' });
    await onA('post', '/realm/profile_fields', { name: 'Team', hint: '', field_type: '1' });
    await onA('post', '/user_groups/create', {
      name: 'reviewers',
      description: 'Code review',
      members: JSON.stringify([memberId]),
    });
    await onA('post', '/users/me/subscriptions', {
      subscriptions: JSON.stringify([{ name: 'announcements' }]),
    });
    const channels = await request(a.app.getHttpServer())
      .get('/api/v1/streams')
      .auth(email, apiKey)
      .expect(200);
    const announcements = (channels.body.streams as Array<{ name: string; stream_id: number }>).find(
      (channel) => channel.name === 'announcements',
    )!;
    await onA('post', '/default_streams', { stream_id: String(announcements.stream_id) });
    await onA('post', '/channel_folders/create', { name: 'Engineering', description: 'Builders' });

    const seen: Array<Record<string, unknown>> = [];
    for (let lastEventId = -1; !eventTypes.every((type) => seen.some((event) => event['type'] === type));) {
      const polled = await request(b.app.getHttpServer())
        .get('/api/v1/events')
        .query({ queue_id: queueId, last_event_id: String(lastEventId) })
        .auth(email, apiKey)
        .expect(200);
      const events = polled.body.events as Array<Record<string, unknown>>;
      seen.push(...events.filter((event) => event['type'] !== 'heartbeat'));
      lastEventId = Math.max(lastEventId, ...events.map((event) => event['id'] as number));
    }
    expect(seen).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'realm_user',
          op: 'update',
          person: { user_id: memberId, role: 300 },
        }),
        expect.objectContaining({
          type: 'custom_profile_fields',
          fields: [expect.objectContaining({ name: 'Team', type: 1 })],
        }),
        expect.objectContaining({
          type: 'user_group',
          op: 'add',
          group: expect.objectContaining({ name: 'reviewers', members: [memberId] }),
        }),
        expect.objectContaining({
          type: 'default_streams',
          default_streams: [announcements.stream_id],
        }),
        expect.objectContaining({
          type: 'channel_folder',
          op: 'add',
          channel_folder: expect.objectContaining({ name: 'Engineering' }),
        }),
      ]),
    );
  }, 60_000);
});
