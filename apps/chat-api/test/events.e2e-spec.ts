import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { OutboxRelay } from '@platform/messaging';
import { expectEventually } from '@platform/test-support';
import { EventQueueRegistry } from '../src/events/event-queue.registry.js';
import { type ChatAccount, ChatTestSystem } from './chat-test-system.js';

// Long enough that the gateway's shorter timeout (half of it) leaves a busy CI machine time for
// the suite's other requests (the realm's creation timed out at 750 ms).
const HEARTBEAT_MS = 4000;

const UUID_V4 = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';
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
    // Answered at once or after waiting (then naming the queue), as the relay's timing has it.
    const response = await poll.expect(200);
    expect(response.body).toMatchObject({
      result: 'success',
      msg: '',
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
    // Everyone but guests follows a public channel's subscribers (Zulip's peer events).
    const forEve = await pendingEvents(eve, theirs.queue_id, '-1', 2);
    expect(forEve).toEqual([
      {
        id: 0,
        type: 'subscription',
        op: 'peer_add',
        stream_ids: [expect.any(Number)],
        user_ids: [dee.userId],
      },
      expect.objectContaining({ type: 'subscription', op: 'add' }),
    ]);
  });

  it("announces a request's subscriptions at once: one add per user with every subscriber, one peer event", async () => {
    const subscriptions = (form: Record<string, string>) =>
      as(owner).post('/users/me/subscriptions', form).expect(200);
    const forOwner = await register(owner, { event_types: '["subscription", "stream"]' });
    const forDee = await register(dee, { event_types: '["subscription", "stream"]' });
    await subscriptions({
      subscriptions: '[{"name":"pair-one"}, {"name":"pair-two"}]',
      principals: JSON.stringify([dee.userId, eve.userId]),
    });
    const ids = (await as(owner).get('/streams').expect(200)).body.streams
      .filter((stream: { name: string }) => stream.name.startsWith('pair-'))
      .map((stream: { stream_id: number }) => stream.stream_id)
      .sort((a: number, b: number) => a - b);
    const ownerEvents = await pendingEvents(owner, forOwner.queue_id, '-1', 3);
    expect(ownerEvents.slice(2)).toEqual([
      { id: 2, type: 'subscription', op: 'peer_add', stream_ids: ids, user_ids: [dee.userId, eve.userId] },
    ]);
    const deeEvents = await pendingEvents(dee, forDee.queue_id, '-1', 3);
    expect(deeEvents[2]).toMatchObject({ id: 2, type: 'subscription', op: 'add' });
    expect(
      (deeEvents[2]!['subscriptions'] as Array<{ subscribers: number[] }>).map((sub) => sub.subscribers),
    ).toEqual([
      [dee.userId, eve.userId],
      [dee.userId, eve.userId],
    ]);
    // A private channel: shown to the member who joins it, hidden again when they leave;
    // its peers are its subscribers and the administrators.
    const privateOnes = await register(dee, { event_types: '["subscription", "stream"]' });
    const watchers = await register(owner, { event_types: '["subscription"]' });
    await subscriptions({
      subscriptions: '[{"name":"hush"}]',
      invite_only: 'true',
      principals: `[${dee.userId}]`,
    });
    await as(dee).delete('/users/me/subscriptions', { subscriptions: '["hush"]' }).expect(200);
    const hush = (await pendingEvents(dee, privateOnes.queue_id, '-1', 4)).map((event) => [
      event['type'],
      event['op'],
    ]);
    expect(hush).toEqual([
      ['stream', 'create'],
      ['subscription', 'add'],
      ['subscription', 'remove'],
      ['stream', 'delete'],
    ]);
    // The owner, not subscribed, follows it as an administrator.
    const ownerSide = await pendingEvents(owner, watchers.queue_id, '-1', 2);
    expect(ownerSide.map((event) => [event['op'], event['user_ids']])).toEqual([
      ['peer_add', [dee.userId]],
      ['peer_remove', [dee.userId]],
    ]);
  });

  it('keeps out of a new queue a change its initial state includes, even one relayed after the register', async () => {
    const relay = system.chatApi.app.get(OutboxRelay, { strict: false });
    const createGroup = (name: string) =>
      as(owner)
        .post('/user_groups/create', { name, description: '', members: `[${dee.userId}]` })
        .expect(200);
    await relay.stop();
    let registered: Awaited<ReturnType<typeof register>>;
    try {
      await createGroup('made before the register');
      registered = await register(dee, {
        event_types: '["user_group"]',
        fetch_event_types: '["realm_user_groups"]',
      });
    } finally {
      relay.start();
    }
    expect((registered.realm_user_groups as Array<{ name: string }>).map((group) => group.name)).toContain(
      'made before the register',
    );
    await createGroup('made after the register');
    // Relayed in commit order: once the second group's event is queued, the first one's was handled.
    const events = await pendingEvents(dee, registered.queue_id, '-1', 1);
    expect(events.map((event) => [event['op'], (event['group'] as { name: string }).name])).toEqual([
      ['add', 'made after the register'],
    ]);
  });

  it('answers an idle long poll with a heartbeat', async () => {
    const { queue_id } = await register(dee, { event_types: '["message"]' });
    const response = await as(dee).get('/events', { queue_id, last_event_id: '-1' }).expect(200);
    // An answered long poll names its queue (Zulip's finish_handler).
    expect(response.body).toEqual({
      result: 'success',
      msg: '',
      events: [{ type: 'heartbeat', id: 0 }],
      queue_id,
    });
  });

  it('refuses an unknown queue, another user queue, and missing ids as Zulip', async () => {
    const badQueue = (id: string) => ({
      result: 'error',
      msg: `Bad event queue ID: ${id}`,
      code: 'BAD_EVENT_QUEUE_ID',
      queue_id: id,
    });
    const unknown = await as(dee)
      .get('/events', { queue_id: 'no-such-queue', last_event_id: '-1' })
      .expect(400);
    expect(unknown.body).toEqual(badQueue('no-such-queue'));
    // Zulip's access_client_descriptor: another user's queue is as unknown as a missing one.
    const { queue_id } = await register(dee);
    const stolen = await as(eve).get('/events', { queue_id, last_event_id: '-1' }).expect(400);
    expect(stolen.body).toEqual(badQueue(queue_id));
    await as(eve).delete('/events', { queue_id }).expect(400, badQueue(queue_id));
    // fetch_events' own checks: JsonableErrors, without var_name.
    const noQueue = await as(dee).get('/events').expect(400);
    expect(noQueue.body).toEqual({
      result: 'error',
      msg: "Missing 'queue_id' argument",
      code: 'BAD_REQUEST',
    });
    const noLastId = await as(dee).get('/events', { queue_id, dont_block: 'true' }).expect(400);
    expect(noLastId.body).toEqual({
      result: 'error',
      msg: "Missing 'last_event_id' argument",
      code: 'BAD_REQUEST',
    });
    const notInteger = await as(dee).get('/events', { queue_id, last_event_id: 'x' }).expect(400);
    expect(notInteger.body).toEqual({
      result: 'error',
      msg: 'last_event_id is not valid JSON',
      code: 'BAD_REQUEST',
    });
  });

  it('refuses an acknowledgement of events the queue never held or already dropped', async () => {
    const { queue_id } = await register(eve, { event_types: '["message"]' });
    await as(dee)
      .post('/messages', { type: 'direct', to: JSON.stringify([eve.userId]), content: 'a' })
      .expect(200);
    await as(dee)
      .post('/messages', { type: 'direct', to: JSON.stringify([eve.userId]), content: 'b' })
      .expect(200);
    await pendingEvents(eve, queue_id, '-1', 2);
    const poll = (lastEventId: string) =>
      as(eve).get('/events', { queue_id, last_event_id: lastEventId, dont_block: 'true' });
    // An immediate answer does not name the queue (Zulip adds queue_id to answered long polls).
    expect((await poll('0').expect(200)).body).toEqual({
      result: 'success',
      msg: '',
      events: [expect.objectContaining({ id: 1, type: 'message' })],
    });
    expect((await poll('-1').expect(400)).body).toEqual({
      result: 'error',
      msg: 'An event newer than -1 has already been pruned!',
      code: 'BAD_REQUEST',
    });
    expect((await poll('7').expect(400)).body).toEqual({
      result: 'error',
      msg: 'Event 7 was not in this queue',
      code: 'BAD_REQUEST',
    });
  });

  it('creates a queue from GET /events without queue_id when not blocking', async () => {
    const created = await as(dee)
      .get('/events', { dont_block: 'true', event_types: '["message"]' })
      .expect(200);
    expect(created.body).toEqual({
      result: 'success',
      msg: '',
      events: [],
      // The id of the replica holding it, then the queue's own random UUID.
      queue_id: expect.stringMatching(new RegExp(`^${UUID_V4}:${UUID_V4}$`)),
    });
    await as(eve)
      .post('/messages', { type: 'direct', to: JSON.stringify([dee.userId]), content: 'x' })
      .expect(200);
    await pendingEvents(dee, created.body.queue_id as string, '-1', 1);
  });

  it('answers a waiting poll when its queue is deleted', async () => {
    const { queue_id } = await register(dee, { event_types: '["message"]' });
    const waiting = as(dee).get('/events', { queue_id, last_event_id: '-1' });
    const answered = waiting.then((response) => response);
    // Deleted only once the poll waits on it (on a loaded machine the poll may take a while).
    const registry = system.chatApi.app.get(EventQueueRegistry, { strict: false });
    await expectEventually(() => expect(registry.find(queue_id as string)?.waiting).toBe(true));
    await as(dee).delete('/events', { queue_id }).expect(200);
    const response = await answered;
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ result: 'success', msg: '', events: [], queue_id });
  });

  it('reads every POST /register parameter Zulip declares and refuses bad ones in its words', async () => {
    // The Python client always sends narrow; none of these is reported as ignored.
    const state = await register(dee, {
      narrow: '[]',
      all_public_streams: 'false',
      slim_presence: 'true',
      queue_lifespan_secs: '120',
      presence_history_limit_days: '3',
      include_subscribers: 'partial',
      client_gravatar: 'null',
      client_capabilities: '{"notification_settings_null": true, "user_settings_object": true}',
      fetch_event_types: '["message"]',
    });
    expect(state).not.toHaveProperty('ignored_parameters_unsupported');
    const refuses = async (form: Record<string, string>, msg: string) =>
      expect((await as(dee).post('/register', form).expect(400)).body).toEqual({
        result: 'error',
        msg,
        code: 'BAD_REQUEST',
      });
    await refuses({ include_subscribers: '1' }, 'Invalid include_subscribers');
    await refuses(
      { client_capabilities: '{"empty_topic_name": 1}' },
      'client_capabilities["empty_topic_name"] is not a boolean',
    );
    await refuses({ narrow: '[["search", "x"]]' }, 'Operator search not supported.');
    await refuses({ narrow: '[["is", "followed"]]' }, 'Operand followed not supported.');
    await refuses({ narrow: '[[1, "x"]]' }, 'narrow[0][0] is not a string');
    // The first failing parameter in Zulip's (alphabetical) declaration order.
    await refuses({ slim_presence: 'x', all_public_streams: 'x' }, 'all_public_streams is not valid JSON');
  });

  it('refuses a guest every public channel', async () => {
    const guest = await system.createUser(owner, 'guest@example.com', 'Gus Guest');
    await system.setRole(owner, guest, 600);
    const refused = await as(guest).post('/register', { all_public_streams: 'true' }).expect(400);
    expect(refused.body).toEqual({
      result: 'error',
      msg: 'User not authorized for this query',
      code: 'BAD_REQUEST',
    });
  });

  it('gives all_public_streams and narrowed queues the public channels they filter', async () => {
    await as(owner).post('/users/me/subscriptions', { subscriptions: '[{"name":"lobby"}]' }).expect(200);
    const everything = await register(eve, { all_public_streams: 'true', event_types: '["message"]' });
    const narrowed = await register(dee, { narrow: '[["channel", "Lobby"], ["topic", "news"]]' });
    const lobby = (await as(owner).get('/get_stream_id', { stream: 'lobby' }).expect(200)).body.stream_id;
    const send = (topic: string) =>
      as(owner)
        .post('/messages', { type: 'stream', to: String(lobby), topic, content: topic })
        .expect(200);
    await send('chatter');
    const news = (await send('news')).body.id;
    await as(owner)
      .post('/messages', { type: 'direct', to: `[${dee.userId}]`, content: 'dm' })
      .expect(200);
    const seen = await pendingEvents(eve, everything.queue_id, '-1', 2);
    expect(seen.map((event) => [(event['message'] as { subject: string }).subject, event['flags']])).toEqual([
      ['chatter', []],
      ['news', []],
    ]);
    const filtered = await pendingEvents(dee, narrowed.queue_id, '-1', 1);
    expect(filtered).toEqual([
      expect.objectContaining({ type: 'message', message: expect.objectContaining({ id: news }) }),
    ]);
  });

  it('sends channel typing only to clients with stream_typing_notifications, naming the empty topic', async () => {
    const channel = (await as(owner).get('/get_stream_id', { stream: 'lobby' }).expect(200)).body.stream_id;
    await as(owner)
      .post('/users/me/subscriptions', { subscriptions: '[{"name":"lobby"}]', principals: `[${dee.userId}]` })
      .expect(200);
    const legacy = await register(dee, { event_types: '["typing"]' });
    const modern = await register(dee, {
      event_types: '["typing", "heartbeat"]',
      client_capabilities: '{"notification_settings_null": false, "stream_typing_notifications": true}',
    });
    await as(owner)
      .post('/typing', { type: 'channel', op: 'start', stream_id: String(channel), topic: '' })
      .expect(200);
    await as(owner)
      .post('/typing', { op: 'start', to: `[${dee.userId}]` })
      .expect(200);
    const modernEvents = await pendingEvents(dee, modern.queue_id, '-1', 2);
    expect(modernEvents[0]).toEqual({
      id: 0,
      type: 'typing',
      op: 'start',
      message_type: 'stream',
      sender: { user_id: owner.userId, email: owner.email },
      stream_id: channel,
      topic: 'general chat',
    });
    const legacyEvents = await pendingEvents(dee, legacy.queue_id, '-1', 1);
    expect(legacyEvents[0]).toMatchObject({ id: 0, message_type: 'direct' });
  });

  it('lists realm users without is_active, humans with their profile data', async () => {
    const state = await register(dee, { fetch_event_types: '["realm_user"]' });
    const listed = (state['realm_users'] as Array<Record<string, unknown>>).find(
      (user) => user['user_id'] === eve.userId,
    );
    expect(listed).toMatchObject({ user_id: eve.userId, full_name: 'Eve Stone', profile_data: {} });
    expect(listed).not.toHaveProperty('is_active');
  });

  it("describes the caller as Zulip's realm_user state does, its own avatar always a URL", async () => {
    const state = await register(dee, { fetch_event_types: '["realm_user"]' });
    const gravatar = expect.stringMatching(
      /^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon&version=1$/,
    );
    expect(state).toMatchObject({
      avatar_source: 'G',
      avatar_url: gravatar,
      avatar_url_medium: expect.stringMatching(/\?d=identicon&s=500&version=1$/),
      can_create_private_streams: true,
      can_create_public_streams: true,
      can_create_web_public_streams: false,
      can_create_streams: true,
      can_invite_others_to_realm: true,
      is_admin: false,
      is_owner: false,
      is_moderator: false,
      is_guest: false,
      user_id: dee.userId,
      email: dee.email,
      delivery_email: dee.email,
      full_name: 'Dee Vance',
    });
    expect(state).not.toHaveProperty('role');
    expect(state['cross_realm_bots']).toEqual([
      expect.objectContaining({ avatar_url: gravatar, bot_owner_id: null, is_system_bot: true }),
    ]);
  });

  it('lists in streams the private channels an administrator may see without being in them', async () => {
    await as(dee)
      .post('/users/me/subscriptions', { subscriptions: '[{"name":"dee-secret"}]', invite_only: 'true' })
      .expect(200);
    const names = async (account: ChatAccount) =>
      (
        (await register(account, { fetch_event_types: '["stream"]' }))['streams'] as Array<{ name: string }>
      ).map((stream) => stream.name);
    expect(await names(owner)).toContain('dee-secret');
    expect(await names(eve)).not.toContain('dee-secret');
  });

  it('announces a new user with empty profile data and an archived channel by its id', async () => {
    const { queue_id } = await register(dee, { event_types: '["realm_user", "stream"]' });
    const newcomer = await system.createUser(owner, 'newcomer@example.com', 'Nia Newcomer');
    await as(owner).post('/users/me/subscriptions', { subscriptions: '[{"name":"doomed"}]' }).expect(200);
    const doomed = (await as(owner).get('/get_stream_id', { stream: 'doomed' }).expect(200)).body.stream_id;
    await system.http.delete(`/api/v1/streams/${doomed}`).auth(owner.email, owner.apiKey).expect(200);
    const events = await pendingEvents(dee, queue_id, '-1', 3);
    expect(events[0]).toEqual({
      id: 0,
      type: 'realm_user',
      op: 'add',
      person: expect.objectContaining({ user_id: newcomer.userId, is_active: true, profile_data: {} }),
    });
    expect(events[1]).toMatchObject({ id: 1, type: 'stream', op: 'create' });
    expect(events[2]).toEqual({
      id: 2,
      type: 'stream',
      op: 'delete',
      streams: [{ stream_id: doomed }],
      stream_ids: [doomed],
    });
  });

  it("aggregates unread messages as Zulip's aggregate_unread_data", async () => {
    const una = await system.createUser(owner, 'una@example.com', 'Una Unread');
    const send = (from: ChatAccount, form: Record<string, string>) =>
      as(from)
        .post('/messages', form)
        .then((response) => response.body.id as number);
    await as(owner)
      .post('/users/me/subscriptions', {
        subscriptions: '[{"name":"unread-room"}]',
        principals: `[${una.userId}]`,
      })
      .expect(200);
    const room = (await as(owner).get('/get_stream_id', { stream: 'unread-room' }).expect(200)).body
      .stream_id;
    // The Notification Bot's notice that the channel was created is its first message.
    const notice = (
      await as(una)
        .get('/messages', {
          anchor: 'oldest',
          num_after: '1',
          narrow: JSON.stringify([{ operator: 'channel', operand: room }]),
        })
        .expect(200)
    ).body.messages[0].id as number;
    const fromEve = await send(eve, { type: 'direct', to: `[${una.userId}]`, content: 'e' });
    const fromDee = await send(dee, { type: 'direct', to: `[${una.userId}]`, content: 'd' });
    const group = await send(dee, { type: 'direct', to: `[${una.userId}, ${eve.userId}]`, content: 'g' });
    const older = await send(owner, { type: 'stream', to: String(room), topic: 'Beta', content: '1' });
    const zeta = await send(owner, { type: 'stream', to: String(room), topic: 'Zeta', content: '2' });
    const newer = await send(owner, { type: 'stream', to: String(room), topic: 'beta', content: '3' });
    const state = await register(una, { fetch_event_types: '["message", "update_message_flags"]' });
    const [first, second] = [dee, eve].sort((a, b) => a.userId - b.userId);
    const idOf = (account: ChatAccount) => (account === dee ? fromDee : fromEve);
    expect(state['unread_msgs']).toEqual({
      pms: [first!, second!].map((account) => ({
        other_user_id: account.userId,
        sender_id: account.userId,
        unread_message_ids: [idOf(account)],
      })),
      streams: [
        { stream_id: room, topic: 'beta', unread_message_ids: [older, newer] },
        { stream_id: room, topic: 'channel events', unread_message_ids: [notice] },
        { stream_id: room, topic: 'Zeta', unread_message_ids: [zeta] },
      ],
      huddles: [
        {
          user_ids_string: [dee.userId, eve.userId, una.userId].sort((a, b) => a - b).join(','),
          unread_message_ids: [group],
        },
      ],
      mentions: [],
      count: 7,
      old_unreads_missing: false,
    });
  });

  it('echoes local_id as local_message_id to the queue that sent the message only', async () => {
    const sending = await register(dee, { event_types: '["message"]' });
    const other = await register(dee, { event_types: '["message"]' });
    await as(dee)
      .post('/messages', {
        type: 'direct',
        to: `[${eve.userId}]`,
        content: 'echo',
        queue_id: sending.queue_id,
        local_id: '1042.01',
      })
      .expect(200);
    const [echoed] = await pendingEvents(dee, sending.queue_id, '-1', 1);
    expect(echoed).toMatchObject({ type: 'message', flags: ['read'], local_message_id: '1042.01' });
    const [plain] = await pendingEvents(dee, other.queue_id, '-1', 1);
    expect(plain).not.toHaveProperty('local_message_id');
  });

  it('lists the starred messages and the recent direct conversations, newest first', async () => {
    const vic = await system.createUser(owner, 'vic@example.com', 'Vic Recent');
    const send = (from: ChatAccount, to: number[]) =>
      as(from)
        .post('/messages', { type: 'direct', to: JSON.stringify(to), content: 'r' })
        .then((response) => response.body.id as number);
    const withDee = await send(dee, [vic.userId]);
    const toSelf = await send(vic, [vic.userId]);
    const group = await send(vic, [dee.userId, eve.userId]);
    await as(vic)
      .post('/messages/flags', { messages: `[${group}, ${withDee}]`, op: 'add', flag: 'starred' })
      .expect(200);
    const state = await register(vic, {
      fetch_event_types: '["starred_messages", "recent_private_conversations"]',
    });
    expect(state['starred_messages']).toEqual([withDee, group]);
    expect(state['recent_private_conversations']).toEqual([
      { max_message_id: group, user_ids: [dee.userId, eve.userId].sort((a, b) => a - b) },
      { max_message_id: toSelf, user_ids: [] },
      { max_message_id: withDee, user_ids: [dee.userId] },
    ]);
  });

  it('holds no listener per poll on a kept-alive connection', async () => {
    const { queue_id } = await register(dee, { event_types: '["message"]' });
    const server = system.chatApi.app.getHttpServer() as Server;
    const sockets = new Set<Socket>();
    const track = (request: IncomingMessage) => sockets.add(request.socket);
    server.on('request', track);
    try {
      // The gateway reuses its kept-alive connection to chat-api for these polls, one by one.
      for (let poll = 0; poll < 15; poll += 1)
        await as(dee).get('/events', { queue_id, last_event_id: '-1', dont_block: 'true' }).expect(200);
    } finally {
      server.off('request', track);
    }
    expect(sockets.size).toBeGreaterThan(0);
    for (const socket of sockets) expect(socket.listenerCount('close')).toBeLessThan(5);
  });

  it('shows a guest a public channel only while subscribed to it', async () => {
    const gia = await system.createUser(owner, 'gia@example.com', 'Gia Guest');
    await system.setRole(owner, gia, 600);
    const { queue_id } = await register(gia, { event_types: '["stream", "subscription"]' });
    await as(owner)
      .post('/users/me/subscriptions', {
        subscriptions: '[{"name":"guest-room"}]',
        principals: `[${gia.userId}]`,
      })
      .expect(200);
    await system.http
      .delete('/api/v1/users/me/subscriptions')
      .query({ subscriptions: '["guest-room"]', principals: `[${gia.userId}]` })
      .auth(owner.email, owner.apiKey)
      .expect(200);
    const events = await pendingEvents(gia, queue_id, '-1', 4);
    expect(events.map((event) => [event['type'], event['op']])).toEqual([
      ['stream', 'create'],
      ['subscription', 'add'],
      ['subscription', 'remove'],
      ['stream', 'delete'],
    ]);
  });

  it("names a scheduled group message's other participants in to, as Zulip's get_recipient_ids", async () => {
    const { queue_id } = await register(dee, { event_types: '["scheduled_messages"]' });
    const at = Math.floor(Date.now() / 1000) + 3600;
    await as(dee)
      .post('/scheduled_messages', {
        type: 'direct',
        to: JSON.stringify([eve.userId, owner.userId]),
        content: 'later',
        scheduled_delivery_timestamp: String(at),
      })
      .expect(200);
    const [added] = await pendingEvents(dee, queue_id, '-1', 1);
    const to = [eve.userId, owner.userId].sort((a, b) => a - b);
    expect(added).toMatchObject({ type: 'scheduled_messages', op: 'add', scheduled_messages: [{ to }] });
    const listed = await as(dee).get('/scheduled_messages').expect(200);
    expect(listed.body.scheduled_messages).toEqual([expect.objectContaining({ to })]);
  });

  it('deletes a queue', async () => {
    const { queue_id } = await register(dee);
    await as(dee).delete('/events', { queue_id }).expect(200, { result: 'success', msg: '' });
    const gone = await as(dee)
      .get('/events', { queue_id, last_event_id: '-1', dont_block: 'true' })
      .expect(400);
    expect(gone.body.code).toBe('BAD_EVENT_QUEUE_ID');
  });
  it("answers zulip-terminal's fetch_event_types with every key it reads, in Zulip's shapes", async () => {
    const state = await register(dee, {
      fetch_event_types: JSON.stringify([
        'presence',
        'subscription',
        'message',
        'update_message_flags',
        'muted_topics',
        'realm_user',
        'realm_user_groups',
        'update_global_notifications',
        'update_display_settings',
        'user_settings',
        'realm_emoji',
        'custom_profile_fields',
        'zulip_version',
      ]),
    });
    expect(state).toMatchObject({
      presences: {},
      presence_last_update_id: -1,
      server_timestamp: expect.any(Number),
      muted_topics: [],
      // The realm's system groups (the user-groups suite checks them in full).
      realm_user_groups: expect.arrayContaining([expect.objectContaining({ name: 'role:everyone' })]),
      realm_emoji: {},
      custom_profile_fields: [],
      // Legacy top-level settings for a client without user_settings_object.
      enter_sends: false,
      twenty_four_hour_time: false,
      emojiset: 'google',
      notification_sound: 'zulip',
      enable_offline_push_notifications: true,
      available_notification_sounds: [],
      timezone: expect.any(String),
    });
    expect(state['custom_profile_field_types']).toMatchObject({
      SHORT_TEXT: { id: 1, name: 'Text (short)' },
      USER: { id: 6, name: 'Users' },
      PRONOUNS: { id: 8, name: 'Pronouns' },
    });
    expect(state['user_settings']).toMatchObject({
      web_home_view: 'inbox',
      color_scheme: 1,
      user_list_style: 3,
      web_font_size_px: 16,
      send_read_receipts: true,
      automatically_follow_topics_policy: 3,
      resolved_topic_notice_auto_read_policy: 'except_followed',
      emojiset_choices: expect.arrayContaining([{ key: 'google', text: 'Google' }]),
      available_notification_sounds: [],
    });
    expect(Math.abs((state['server_timestamp'] as number) - Date.now() / 1000)).toBeLessThan(60);
    for (const absent of ['user_topics', 'alert_words', 'drafts', 'realm_bots']) {
      expect(state).not.toHaveProperty(absent);
    }
  });

  it('sends only user_settings to a user_settings_object client and user_topics instead of muted_topics', async () => {
    const state = await register(dee, {
      fetch_event_types:
        '["user_settings", "update_display_settings", "user_topic", "muted_topics", "alert_words", "drafts"]',
      client_capabilities: '{"user_settings_object": true}',
    });
    expect(state).toMatchObject({ user_topics: [], alert_words: [], drafts: [] });
    expect(state['user_settings']).toMatchObject({ enter_sends: false });
    expect(state).not.toHaveProperty('muted_topics');
    expect(state).not.toHaveProperty('enter_sends');
    const everything = await register(dee);
    expect(everything).toMatchObject({ user_topics: [], muted_topics: [] });
  });

  it("lists in realm_bots the caller's bots, every bot for an administrator, with key and webhook", async () => {
    const created = await as(eve)
      .post('/bots', {
        full_name: 'Hook Bot',
        short_name: 'hook',
        bot_type: '3',
        payload_url: JSON.stringify('https://hooks.example.com/zulip'),
      })
      .expect(200);
    const bots = async (account: ChatAccount) =>
      (await register(account, { fetch_event_types: '["realm_bot"]' }))['realm_bots'] as Array<
        Record<string, unknown>
      >;
    const mine = await bots(eve);
    expect(mine).toEqual([
      {
        email: expect.stringMatching(/^hook-bot@/),
        user_id: created.body.user_id,
        full_name: 'Hook Bot',
        bot_type: 3,
        is_active: true,
        api_key: created.body.api_key,
        default_sending_stream: null,
        default_events_register_stream: null,
        default_all_public_streams: false,
        owner_id: eve.userId,
        avatar_url: created.body.avatar_url,
        services: [{ base_url: 'https://hooks.example.com/zulip', interface: 1, token: expect.any(String) }],
      },
    ]);
    expect(await bots(dee)).toEqual([]);
    expect(await bots(owner)).toContainEqual(expect.objectContaining({ user_id: created.body.user_id }));
    expect(await bots(owner)).not.toContainEqual(expect.objectContaining({ full_name: 'Notification Bot' }));
  });
  it("sends the realm's settings under realm: its creation time and bot domain, Zulip's defaults otherwise", async () => {
    const state = await register(dee, { fetch_event_types: '["realm"]' });
    expect(state).toMatchObject({
      realm_allow_message_editing: true,
      realm_message_content_edit_limit_seconds: 600,
      realm_message_content_delete_limit_seconds: 600,
      realm_move_messages_within_stream_limit_seconds: 604800,
      realm_waiting_period_threshold: 0,
      realm_default_language: 'en',
      realm_inline_image_preview: true,
      realm_enable_read_receipts: false,
      realm_message_edit_history_visibility_policy: 'all',
      realm_allow_edit_history: true,
      realm_mandatory_topics: false,
      realm_topics_policy: 'allow_empty_topic',
      realm_video_chat_provider: 1,
      realm_plan_type: 1,
      realm_bot_domain: new URL(state['realm_url'] as string).hostname,
    });
    expect(Math.abs((state['realm_date_created'] as number) - Date.now() / 1000)).toBeLessThan(600);
    expect(Number.isInteger(state['realm_date_created'])).toBe(true);
  });
});
