import { expect } from '@jest/globals';
import { DataSource } from 'typeorm';
import { expectEventually } from '@platform/test-support';
import type { ChatEventV1 } from '@shared/contracts';
import type { ChatAccount, ChatTestSystem } from './chat-test-system.js';

// What the messaging-feature suites do over and over through the public API: make channels,
// send messages, and peek at a user's flags.
let recorders = 0;

export class ChatActions {
  constructor(private readonly system: ChatTestSystem) {}

  as(account: ChatAccount) {
    const http = this.system.http;
    const prefix = (path: string) => `/api/v1${path}`;
    return {
      get: (path: string) => http.get(prefix(path)).auth(account.email, account.apiKey),
      post: (path: string, form: Record<string, string> = {}) =>
        http.post(prefix(path)).auth(account.email, account.apiKey).type('form').send(form),
      patch: (path: string, form: Record<string, string> = {}) =>
        http.patch(prefix(path)).auth(account.email, account.apiKey).type('form').send(form),
      delete: (path: string, form: Record<string, string> = {}) =>
        http.delete(prefix(path)).auth(account.email, account.apiKey).type('form').send(form),
    };
  }

  // The system bots POST /register lists (the Notification Bot), as a client sees them.
  async crossRealmBots(account: ChatAccount): Promise<Array<{ user_id: number } & Record<string, unknown>>> {
    const registered = await this.as(account)
      .post('/register', { fetch_event_types: '["realm_user"]' })
      .expect(200);
    return registered.body.cross_realm_bots;
  }

  // Creates (or joins) a channel with the given members and answers its id.
  async channel(
    creator: ChatAccount,
    name: string,
    members: readonly ChatAccount[] = [],
    options: Record<string, string> = {},
  ): Promise<number> {
    await this.as(creator)
      .post('/users/me/subscriptions', {
        subscriptions: JSON.stringify([{ name }]),
        principals: JSON.stringify([creator.userId, ...members.map((member) => member.userId)]),
        ...options,
      })
      .expect(200);
    const streams = await this.as(creator).get('/users/me/subscriptions').expect(200);
    return (streams.body.subscriptions as Array<{ name: string; stream_id: number }>).find(
      (stream) => stream.name === name,
    )!.stream_id;
  }

  async subscribe(account: ChatAccount, name: string, principals: readonly ChatAccount[]): Promise<void> {
    await this.as(account)
      .post('/users/me/subscriptions', {
        subscriptions: JSON.stringify([{ name }]),
        principals: JSON.stringify(principals.map((principal) => principal.userId)),
      })
      .expect(200);
  }

  async toChannel(from: ChatAccount, streamId: number, topic: string, content = 'hello'): Promise<number> {
    const response = await this.as(from)
      .post('/messages', { type: 'stream', to: String(streamId), topic, content })
      .expect(200);
    return response.body.id as number;
  }

  async direct(from: ChatAccount, to: readonly ChatAccount[], content = 'hello'): Promise<number> {
    const response = await this.as(from)
      .post('/messages', { type: 'direct', to: JSON.stringify(to.map((user) => user.userId)), content })
      .expect(200);
    return response.body.id as number;
  }

  // POST /register's initial state for these fetch_event_types, as the account sees it.
  async registeredState<State>(account: ChatAccount, fetchEventTypes: readonly string[]): Promise<State> {
    const registered = await this.as(account)
      .post('/register', { fetch_event_types: JSON.stringify(fetchEventTypes) })
      .expect(200);
    return registered.body as State;
  }

  // Ages a message by `seconds` (this server has no clock to move from outside), e.g. past a
  // realm's edit or deletion limit.
  async ageMessage(messageId: number, seconds: number): Promise<void> {
    await this.system.chatApi.app
      .get(DataSource)
      .query(`UPDATE "chat"."message" SET "date_sent" = now() - make_interval(secs => $2) WHERE "id" = $1`, [
        messageId,
        seconds,
      ]);
  }

  // Registers an event queue for these event types, declaring these client capabilities. Register
  // it BEFORE the action whose events are asserted: events are relayed after the response.
  async registerQueue(
    account: ChatAccount,
    eventTypes: readonly string[],
    capabilities: Record<string, boolean>,
  ): Promise<{ queue_id: string }> {
    const registered = await this.as(account)
      .post('/register', {
        event_types: JSON.stringify(eventTypes),
        client_capabilities: JSON.stringify(capabilities),
      })
      .expect(200);
    return registered.body as { queue_id: string };
  }

  // The queue's events (those `keep` selects), once there are exactly `count` of them.
  queuedEvents<Event = unknown>(
    account: ChatAccount,
    queueId: string,
    count: number,
    keep: (event: Event) => boolean = () => true,
  ): Promise<Event[]> {
    return expectEventually(async () => {
      const polled = await this.as(account)
        .get(`/events?queue_id=${queueId}&last_event_id=-1&dont_block=true`)
        .expect(200);
      const events = (polled.body.events as Event[]).filter(keep);
      expect(events).toHaveLength(count);
      return events;
    });
  }

  // Every chat event published from now on, as the outbox relay hands it to the bus. Events of
  // earlier requests may still sit in the outbox: the recording starts once it is drained, so
  // they are not mistaken for the ones under test.
  async recordEvents(): Promise<ChatEventV1[]> {
    const database = this.system.chatApi.app.get(DataSource);
    await expectEventually(async () => {
      const [{ pending }] = (await database.query(
        'SELECT count(*)::int AS "pending" FROM "chat"."outbox_message" WHERE "published_at" IS NULL',
      )) as [{ pending: number }];
      expect(pending).toBe(0);
    });
    const seen: ChatEventV1[] = [];
    await this.system.bus.subscribe({
      groupId: `recorder-${++recorders}`,
      topics: ['chat.events.v1'],
      startFrom: 'latest',
      handle: async (envelope) => void seen.push(envelope.payload as ChatEventV1),
    });
    return seen;
  }

  // The user's flag bitmask on a message, or null when they hold no copy.
  async flags(account: ChatAccount, messageId: number): Promise<number | null> {
    const rows = (await this.system.chatApi.app
      .get(DataSource)
      .query('SELECT "flags" FROM "chat"."user_message" WHERE "user_id" = $1 AND "message_id" = $2', [
        account.userId,
        messageId,
      ])) as Array<{ flags: number }>;
    return rows[0]?.flags ?? null;
  }
}
