import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { expectEventually } from '@platform/test-support';
import { type ChatAccount, ChatTestSystem } from './chat-test-system.js';

const HEARTBEAT_MS = 1500;

describe('event queues through the gateway', () => {
  let system: ChatTestSystem;
  let owner: ChatAccount;
  let dee: ChatAccount;
  let eve: ChatAccount;

  const as = (account: ChatAccount) => ({
    get: (path: string, query: Record<string, string> = {}) =>
      system.http.get(`/api/v1${path}`).query(query).auth(account.email, account.apiKey),
    post: (path: string, form: Record<string, string> = {}) =>
      system.http.post(`/api/v1${path}`).auth(account.email, account.apiKey).type('form').send(form),
    delete: (path: string, query: Record<string, string>) =>
      system.http.delete(`/api/v1${path}`).query(query).auth(account.email, account.apiKey),
  });
  // Events reach the queue through the outbox relay and the bus, shortly after the response.
  const pendingEvents = (account: ChatAccount, queueId: string, lastEventId: string, count: number) =>
    expectEventually(async () => {
      const response = await as(account)
        .get('/events', { queue_id: queueId, last_event_id: lastEventId, dont_block: 'true' })
        .expect(200);
      expect(response.body.events).toHaveLength(count);
      return response.body.events as Array<Record<string, unknown>>;
    });
  const register = async (account: ChatAccount, form: Record<string, string> = {}) =>
    (await as(account).post('/register', form).expect(200)).body as Record<string, unknown> & {
      queue_id: string;
    };

  beforeAll(async () => {
    // The gateway's timeout for payout upstreams is shorter than the heartbeat: long polls
    // must be held by the chat upstream's own, longer timeout.
    system = await ChatTestSystem.start(
      apiGatewayDefinition,
      { CHAT_EVENTS_HEARTBEAT_MS: String(HEARTBEAT_MS) },
      { PROXY_TIMEOUT_MS: String(HEARTBEAT_MS / 2) },
    );
    owner = (await system.createRealm()).owner;
    dee = await system.createUser(owner, 'dee@example.com', 'Dee Vance');
    eve = await system.createUser(owner, 'eve@example.com', 'Eve Stone');
  });

  afterAll(() => system.stop());

  it('registers a queue with the server values clients rely on', async () => {
    const state = await register(dee);
    expect(state).toMatchObject({
      result: 'success',
      msg: '',
      queue_id: expect.any(String),
      last_event_id: -1,
      zulip_version: '11.0',
      zulip_feature_level: 421,
      max_message_length: 10000,
      max_topic_length: 60,
      server_typing_started_expiry_period_milliseconds: 45000,
      server_typing_stopped_wait_period_milliseconds: 12000,
      server_typing_started_wait_period_milliseconds: 30000,
      realm_empty_topic_display_name: 'general chat',
      max_reminder_note_length: 1000,
      user_id: dee.userId,
      email: dee.email,
      max_message_id: -1,
      subscriptions: [],
      unread_msgs: expect.objectContaining({ count: 0 }),
    });
    // Zulip 9 renamed realm_notifications_stream_id to the announcements streams.
    expect(state).toMatchObject({
      realm_new_stream_announcements_stream_id: -1,
      realm_signup_announcements_stream_id: -1,
      realm_zulip_update_announcements_stream_id: -1,
    });
    expect(state).not.toHaveProperty('realm_notifications_stream_id');
    expect(state['realm_users']).toContainEqual(
      expect.objectContaining({ user_id: eve.userId, full_name: 'Eve Stone' }),
    );
    expect(state['cross_realm_bots']).toEqual([
      expect.objectContaining({ full_name: 'Notification Bot', is_bot: true }),
    ]);
    expect(state['realm_users']).not.toContainEqual(
      expect.objectContaining({ full_name: 'Notification Bot' }),
    );
  });

  it('returns only the requested state', async () => {
    const state = await register(dee, { fetch_event_types: '["message"]' });
    expect(state).toHaveProperty('max_message_id');
    expect(state).not.toHaveProperty('realm_users');
    expect(state).not.toHaveProperty('max_message_length');
  });

  it('delivers a direct message to the recipient queue with the recipient flags', async () => {
    const { queue_id } = await register(eve);
    const poll = as(eve).get('/events', { queue_id, last_event_id: '-1' });
    const sent = await as(dee)
      .post('/messages', { type: 'direct', to: JSON.stringify([eve.userId]), content: 'hi @**Eve Stone**' })
      .expect(200);
    const response = await poll.expect(200);
    expect(response.body).toEqual({
      result: 'success',
      msg: '',
      queue_id,
      events: [
        expect.objectContaining({
          type: 'message',
          id: 0,
          flags: ['mentioned'],
          message: expect.objectContaining({
            id: sent.body.id,
            content: 'hi @**Eve Stone**',
            content_type: 'text/x-markdown',
            avatar_url: null,
          }),
        }),
      ],
    });
  });

  it('renders HTML for queues registered with apply_markdown and acknowledges by last_event_id', async () => {
    const { queue_id } = await register(eve, {
      apply_markdown: 'true',
      client_gravatar: 'false',
      event_types: '["message"]',
    });
    await as(dee)
      .post('/messages', { type: 'direct', to: JSON.stringify([eve.userId]), content: '**one**' })
      .expect(200);
    await as(dee)
      .post('/messages', { type: 'direct', to: JSON.stringify([eve.userId]), content: 'two' })
      .expect(200);
    const first = await pendingEvents(eve, queue_id, '-1', 2);
    expect(first.map((e) => [e['id'], (e['message'] as { content: string }).content])).toEqual([
      [0, '<p><strong>one</strong></p>'],
      [1, '<p>two</p>'],
    ]);
    const rest = await as(eve)
      .get('/events', { queue_id, last_event_id: '0', dont_block: 'true' })
      .expect(200);
    expect(rest.body.events.map((e: { id: number }) => e.id)).toEqual([1]);
  });

  it('announces subscriptions to the subscriber and to the other subscribers', async () => {
    const mine = await register(dee, { event_types: '["subscription"]' });
    const theirs = await register(eve, { event_types: '["subscription"]' });
    await as(dee).post('/users/me/subscriptions', { subscriptions: '[{"name":"events-room"}]' }).expect(200);
    await as(dee)
      .post('/users/me/subscriptions', {
        subscriptions: '[{"name":"events-room"}]',
        principals: JSON.stringify([eve.userId]),
      })
      .expect(200);
    const forDee = await pendingEvents(dee, mine.queue_id, '-1', 2);
    expect(forDee).toEqual([
      expect.objectContaining({
        type: 'subscription',
        op: 'add',
        subscriptions: [expect.objectContaining({ name: 'events-room' })],
      }),
      expect.objectContaining({ type: 'subscription', op: 'peer_add', user_ids: [eve.userId] }),
    ]);
    const forEve = await pendingEvents(eve, theirs.queue_id, '-1', 1);
    expect(forEve).toEqual([expect.objectContaining({ type: 'subscription', op: 'add' })]);
  });

  it('answers an idle long poll with a heartbeat', async () => {
    const { queue_id } = await register(dee, { event_types: '["message"]' });
    const response = await as(dee).get('/events', { queue_id, last_event_id: '-1' }).expect(200);
    expect(response.body.events).toEqual([{ type: 'heartbeat', id: 0 }]);
  });

  it('refuses an unknown queue, another user queue, and a missing queue id', async () => {
    const unknown = await as(dee)
      .get('/events', { queue_id: 'no-such-queue', last_event_id: '-1' })
      .expect(400);
    expect(unknown.body).toEqual({
      result: 'error',
      msg: 'Bad event queue ID: no-such-queue',
      code: 'BAD_EVENT_QUEUE_ID',
      queue_id: 'no-such-queue',
    });
    const { queue_id } = await register(dee);
    const stolen = await as(eve).get('/events', { queue_id, dont_block: 'true' }).expect(400);
    expect(stolen.body).toEqual({
      result: 'error',
      msg: 'You are not authorized to get events from this queue',
      code: 'BAD_REQUEST',
    });
    const missing = await as(dee).get('/events').expect(400);
    expect(missing.body).toEqual({
      result: 'error',
      msg: "Missing 'queue_id' argument",
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'queue_id',
    });
  });

  it('deletes a queue', async () => {
    const { queue_id } = await register(dee);
    await as(dee).delete('/events', { queue_id }).expect(200, { result: 'success', msg: '' });
    const gone = await as(dee).get('/events', { queue_id, dont_block: 'true' }).expect(400);
    expect(gone.body.code).toBe('BAD_EVENT_QUEUE_ID');
  });
});
