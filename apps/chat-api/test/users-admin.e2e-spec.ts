import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { expectEventually } from '@platform/test-support';
import { TEST_OPS_API_KEY } from '@platform/testing';
import zulipInit, { type ZulipClient } from 'zulip-js';
import { ChatActions } from './chat-actions.js';
import { type ChatAccount, type ChatRealm, ChatTestSystem } from './chat-test-system.js';

type Event = Record<string, unknown>;

// Users administration (PATCH, DELETE, reactivate, GET by email) and the operator's `chat user`
// commands, on one system: Zulip's refusals in its order, and the events a client's queue gets.
describe('users administration through the gateway', () => {
  let system: ChatTestSystem;
  let chat: ChatActions;
  let realm: ChatRealm;
  let owner: ChatAccount;
  let admin: ChatAccount;
  let member: ChatAccount;
  let guest: ChatAccount;
  let observer: ZulipClient;
  let queueId: string;
  let lastEventId = -1;

  beforeAll(async () => {
    system = await ChatTestSystem.start(apiGatewayDefinition, { CHAT_RATE_LIMIT_REQUESTS: '1000' });
    chat = new ChatActions(system);
    realm = await system.createRealm('Admin org', 'ua-owner@example.com');
    owner = realm.owner;
    admin = await system.createUser(owner, 'ua-admin@example.com', 'Ada Admin');
    member = await system.createUser(owner, 'ua-member@example.com', 'Mel Member');
    guest = await system.createUser(owner, 'ua-guest@example.com', 'Gus Guest');
    await system.setRole(owner, admin, 200);
    await system.setRole(owner, guest, 600);
    observer = await zulipInit({ realm: system.gatewayUrl, username: admin.email, apiKey: admin.apiKey });
    const registered = await observer.queues.register({
      event_types: ['realm_user', 'realm_bot', 'realm_export_consent'],
    });
    queueId = registered['queue_id'] as string;
  });

  afterAll(() => system.stop());

  const error = (msg: string, code = 'BAD_REQUEST') => ({ result: 'error', msg, code });
  const as = (account: ChatAccount) =>
    zulipInit({ realm: system.gatewayUrl, username: account.email, apiKey: account.apiKey });
  // The operator's routes, as the CLI's `chat user` commands call them (tools/cli tests the mapping).
  const ops = async (method: 'get' | 'patch' | 'post', path: string, body?: object, status = 200) => {
    const users = `/ops/chat/realms/${realm.realmId}/users`;
    const response = await system.http[method](`${users}${path}`)
      .set('X-OPS-API-KEY', TEST_OPS_API_KEY)
      .send(body)
      .expect(status);
    return response.body as Record<string, unknown>;
  };
  const opsRefusal = async (
    method: 'get' | 'patch' | 'post',
    path: string,
    body: object | undefined,
    status: number,
    msg: string,
  ) => expect(JSON.stringify(await ops(method, path, body, status))).toContain(msg);
  // The observer's queue from its last read on, until `count` events arrived.
  const nextEvents = async (count: number): Promise<Event[]> => {
    const seen: Event[] = [];
    await expectEventually(async () => {
      const answer = await observer.events.retrieve({
        queue_id: queueId,
        last_event_id: lastEventId,
        dont_block: true,
      });
      for (const event of answer['events'] as Array<Event & { id: number }>) {
        lastEventId = event.id;
        if (event['type'] !== 'heartbeat')
          seen.push(Object.fromEntries(Object.entries(event).filter(([key]) => key !== 'id')));
      }
      expect(seen.length).toBeGreaterThanOrEqual(count);
    });
    return seen;
  };
  const newBot = async (by: ChatAccount, shortName: string, fullName: string): Promise<number> => {
    const created = await chat
      .as(by)
      .post('/bots', { full_name: fullName, short_name: shortName })
      .expect(200);
    return created.body.user_id as number;
  };

  describe('GET /users/{email}', () => {
    it('finds a user by real address or by the dummy user{id}@{realm host} one', async () => {
      const client = await as(member);
      const host = new URL(realm.url).hostname;
      for (const address of [admin.email, `user${admin.userId}@${host}`]) {
        const found = await client.callEndpoint(`/users/${address}`, 'GET');
        expect(found).toMatchObject({
          result: 'success',
          user: { user_id: admin.userId, email: admin.email, role: 200 },
        });
      }
      expect(await client.callEndpoint('/users/nobody@example.com', 'GET')).toEqual(error('No such user'));
      expect(await client.callEndpoint(`/users/user999999@${host}`, 'GET')).toEqual(error('No such user'));
    });
  });

  describe('PATCH /users/{user_id} and /users/{email}', () => {
    it('refuses in Zulip order: the role, the target, the caller, the owner rules', async () => {
      const asAdmin = await as(admin);
      const asMember = await as(member);
      expect(await asAdmin.callEndpoint(`/users/${member.userId}`, 'PATCH', { role: 250 })).toEqual(
        error('Invalid role: Value error, Not in the list of possible values'),
      );
      expect(await asAdmin.callEndpoint('/users/999999', 'PATCH', { full_name: 'X Y' })).toEqual(
        error('No such user'),
      );
      expect(await asMember.callEndpoint(`/users/${admin.userId}`, 'PATCH', { full_name: 'X Y' })).toEqual(
        error('Insufficient permission'),
      );
      expect(await (await as(guest)).callEndpoint(`/users/${member.userId}`, 'PATCH', { role: 400 })).toEqual(
        error('Insufficient permission'),
      );
      expect(await asAdmin.callEndpoint(`/users/${member.userId}`, 'PATCH', { role: 100 })).toEqual(
        error('Must be an organization owner', 'UNAUTHORIZED_PRINCIPAL'),
      );
      expect(await asAdmin.callEndpoint(`/users/${owner.userId}`, 'PATCH', { role: 400 })).toEqual(
        error('Must be an organization owner', 'UNAUTHORIZED_PRINCIPAL'),
      );
      expect(await (await as(owner)).callEndpoint(`/users/${owner.userId}`, 'PATCH', { role: 200 })).toEqual(
        error('The owner permission cannot be removed from the only organization owner.'),
      );
      expect(
        await asAdmin.callEndpoint(`/users/${member.userId}`, 'PATCH', { full_name: 'Bad*Name' }),
      ).toEqual(error('Invalid characters in name!'));
    });

    it("lets a bot's owner rename it but not change its role", async () => {
      const botId = await newBot(member, 'helper', 'Helper Bot');
      const asMember = await as(member);
      expect(await asMember.callEndpoint(`/users/${botId}`, 'PATCH', { role: 200 })).toEqual(
        error('Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL'),
      );
      await nextEvents(1);
      expect(
        await asMember.callEndpoint(`/users/${botId}`, 'PATCH', { full_name: 'Helper Robot' }),
      ).toMatchObject({
        result: 'success',
      });
      expect(await nextEvents(2)).toEqual([
        { type: 'realm_user', op: 'update', person: { user_id: botId, full_name: 'Helper Robot' } },
        { type: 'realm_bot', op: 'update', bot: { user_id: botId, full_name: 'Helper Robot' } },
      ]);
    });

    it('changes name and role by email in one request and announces each', async () => {
      const target = await system.createUser(owner, 'ua-renamed@example.com', 'Ren Amed');
      await nextEvents(1);
      expect(
        await (
          await as(admin)
        ).callEndpoint(`/users/${target.email}`, 'PATCH', { full_name: ' Ren Named ', role: 300 }),
      ).toEqual({
        result: 'success',
        msg: '',
      });
      expect(await nextEvents(2)).toEqual([
        { type: 'realm_user', op: 'update', person: { user_id: target.userId, role: 300 } },
        { type: 'realm_user', op: 'update', person: { user_id: target.userId, full_name: 'Ren Named' } },
      ]);
      const listed = await (await as(member)).users.retrieve({});
      expect((listed['members'] as Event[]).find((user) => user['user_id'] === target.userId)).toMatchObject({
        full_name: 'Ren Named',
        role: 300,
      });
    });

    it('changes an address only for an owner the operator allowed to', async () => {
      const target = await system.createUser(owner, 'ua-moving@example.com', 'Mo Ving');
      await nextEvents(1);
      const asOwner = await as(owner);
      const move = (to: string, by: ZulipClient = asOwner) =>
        by.callEndpoint(`/users/${target.userId}`, 'PATCH', { new_email: to });
      expect(await move('moved@example.com')).toEqual(error('User not authorized to change user emails'));
      expect(await ops('patch', `/${admin.email}`, { canChangeUserEmails: true })).toMatchObject({
        canChangeUserEmails: true,
      });
      // The spec gives it to owners only: an administrator holding it is still refused.
      expect(await move('moved@example.com', await as(admin))).toEqual(
        error('User not authorized to change user emails'),
      );
      await ops('patch', `/${owner.userId}`, { canChangeUserEmails: true });
      expect(await move('not an address')).toEqual(error('Invalid new email address.'));
      expect(await move(member.email)).toEqual(error('New email value error: Already has an account.'));
      expect(await move('moved@example.com')).toEqual({ result: 'success', msg: '' });
      const events = await nextEvents(3);
      expect(events).toEqual([
        {
          type: 'realm_user',
          op: 'update',
          person: { user_id: target.userId, delivery_email: 'moved@example.com' },
        },
        {
          type: 'realm_user',
          op: 'update',
          person: {
            avatar_source: 'G',
            avatar_url: expect.stringContaining('gravatar'),
            avatar_url_medium: expect.stringContaining('s=500'),
            avatar_version: 1,
            user_id: target.userId,
          },
        },
        {
          type: 'realm_user',
          op: 'update',
          person: { user_id: target.userId, new_email: 'moved@example.com' },
        },
      ]);
      expect(await (await as(member)).callEndpoint('/users/moved@example.com', 'GET')).toMatchObject({
        user: { user_id: target.userId, email: 'moved@example.com', delivery_email: 'moved@example.com' },
      });
      // The account now signs in with its new address.
      expect(await (await as({ ...target, email: 'moved@example.com' })).users.me.getProfile()).toMatchObject(
        {
          user_id: target.userId,
        },
      );
    });
  });

  describe('DELETE /users/{user_id} and POST /users/{user_id}/reactivate', () => {
    it('refuses in Zulip order', async () => {
      const botId = await newBot(admin, 'keeper', 'Keeper Bot');
      await nextEvents(1);
      const asAdmin = await as(admin);
      expect(await asAdmin.callEndpoint('/users/999999', 'DELETE')).toEqual(error('No such user'));
      expect(await asAdmin.callEndpoint(`/users/${botId}`, 'DELETE')).toEqual(error('No such user'));
      expect(await (await as(member)).callEndpoint(`/users/${admin.userId}`, 'DELETE')).toEqual(
        error('Insufficient permission'),
      );
      expect(await asAdmin.callEndpoint(`/users/${owner.userId}`, 'DELETE')).toEqual(
        error('Must be an organization owner', 'UNAUTHORIZED_PRINCIPAL'),
      );
      expect(await (await as(owner)).callEndpoint(`/users/${owner.userId}`, 'DELETE')).toEqual(
        error('Cannot deactivate the only organization owner'),
      );
      await chat.as(admin).delete('/users/not-an-id').expect(404);
      expect(await (await as(member)).callEndpoint(`/users/${admin.userId}/reactivate`, 'POST')).toEqual(
        error('Insufficient permission'),
      );
    });

    it('deactivates a user and their bots, keeps them listed, and reactivates them', async () => {
      const leaving = await system.createUser(owner, 'ua-leaving@example.com', 'Lee Ving');
      const botId = await newBot(leaving, 'leaver', 'Leaver Bot');
      const leavingQueue = (await (await as(leaving)).queues.register({}))['queue_id'] as string;
      await nextEvents(2);
      expect(await (await as(admin)).callEndpoint(`/users/${leaving.userId}`, 'DELETE')).toEqual({
        result: 'success',
        msg: '',
      });
      expect(await nextEvents(3)).toEqual([
        { type: 'realm_user', op: 'update', person: { user_id: botId, is_active: false } },
        { type: 'realm_bot', op: 'update', bot: { user_id: botId, is_active: false } },
        { type: 'realm_user', op: 'update', person: { user_id: leaving.userId, is_active: false } },
      ]);
      // Their requests, event queue polls included, are refused from now on.
      await chat.as(leaving).get('/users/me').expect(401);
      const poll = await chat
        .as(leaving)
        .get(`/events?queue_id=${leavingQueue}&last_event_id=-1`)
        .expect(401);
      expect(poll.body).toMatchObject({ result: 'error', msg: 'Account is deactivated' });
      const listed = (await (await as(member)).users.retrieve({}))['members'] as Event[];
      expect(listed.filter((user) => [leaving.userId, botId].includes(user['user_id'] as number))).toEqual([
        expect.objectContaining({ user_id: leaving.userId, is_active: false }),
        expect.objectContaining({ user_id: botId, is_active: false }),
      ]);
      expect(await (await as(admin)).callEndpoint(`/users/${leaving.userId}`, 'DELETE')).toEqual(
        error('User is deactivated'),
      );

      expect(await (await as(admin)).callEndpoint(`/users/${leaving.userId}/reactivate`, 'POST')).toEqual({
        result: 'success',
        msg: '',
      });
      expect(await nextEvents(2)).toEqual([
        { type: 'realm_user', op: 'update', person: { user_id: leaving.userId, is_active: true } },
        { type: 'realm_export_consent', user_id: leaving.userId, consented: false },
      ]);
      await chat.as(leaving).get('/users/me').expect(200);

      // A bot comes back only while no active account carries its name.
      await newBot(admin, 'namesake', 'Leaver Bot');
      await nextEvents(1);
      expect(await (await as(admin)).callEndpoint(`/users/${botId}/reactivate`, 'POST')).toEqual(
        error(
          'There is already an active bot named "Leaver Bot" in this organization. To reactivate this bot, you must rename or deactivate the other one first.',
        ),
      );
    });
  });

  describe("a deactivated account's subscriptions", () => {
    it('leave the subscriber lists on deactivation and come back on reactivation', async () => {
      const subscriber = await system.createUser(owner, 'ua-subscriber@example.com', 'Sue Scriber');
      await chat
        .as(subscriber)
        .post('/users/me/subscriptions', { subscriptions: JSON.stringify([{ name: 'ua-lounge' }]) })
        .expect(200);
      const lounge = (
        (await (await as(admin)).streams.retrieve())['streams'] as Array<{ name: string; stream_id: number }>
      ).find((stream) => stream.name === 'ua-lounge')!;
      const watcher = await as(admin);
      const watching = (await watcher.queues.register({ event_types: ['subscription'] }))[
        'queue_id'
      ] as string;
      const peerEvents = async () => {
        const answer = await watcher.events.retrieve({
          queue_id: watching,
          last_event_id: -1,
          dont_block: true,
        });
        return (answer['events'] as Event[]).filter((event) => event['type'] === 'subscription');
      };
      const peer = (op: string) => ({
        type: 'subscription',
        op,
        stream_ids: [lounge.stream_id],
        user_ids: [subscriber.userId],
      });

      await watcher.callEndpoint(`/users/${subscriber.userId}`, 'DELETE');
      await expectEventually(async () =>
        expect(await peerEvents()).toEqual([expect.objectContaining(peer('peer_remove'))]),
      );
      await watcher.callEndpoint(`/users/${subscriber.userId}/reactivate`, 'POST');
      await expectEventually(async () =>
        expect(await peerEvents()).toEqual([
          expect.objectContaining(peer('peer_remove')),
          expect.objectContaining(peer('peer_add')),
        ]),
      );
      await nextEvents(4);
    });
  });

  describe('bots and the system bot', () => {
    it('gives an administrator the bot they bring back when its owner is gone', async () => {
      const gone = await system.createUser(owner, 'ua-gone@example.com', 'Gon Away');
      const botId = await newBot(gone, 'orphan', 'Orphan Bot');
      await nextEvents(2);
      await (await as(owner)).callEndpoint(`/users/${gone.userId}`, 'DELETE');
      await nextEvents(3);
      expect(await (await as(admin)).callEndpoint(`/users/${botId}/reactivate`, 'POST')).toEqual({
        result: 'success',
        msg: '',
      });
      expect(await nextEvents(4)).toEqual([
        { type: 'realm_user', op: 'update', person: { user_id: botId, is_active: true } },
        { type: 'realm_bot', op: 'update', bot: { user_id: botId, is_active: true } },
        { type: 'realm_bot', op: 'update', bot: { user_id: botId, owner_id: admin.userId } },
        { type: 'realm_user', op: 'update', person: { user_id: botId, bot_owner_id: admin.userId } },
      ]);
      expect(await (await as(member)).callEndpoint(`/users/${botId}`, 'GET')).toMatchObject({
        user: { user_id: botId, is_active: true, bot_owner_id: admin.userId },
      });
    });

    it('leaves the Notification Bot, a system bot, to nobody', async () => {
      const systemBotId = (await chat.crossRealmBots(owner))[0]!.user_id;
      const asOwner = await as(owner);
      expect(await asOwner.callEndpoint(`/users/${systemBotId}`, 'PATCH', { full_name: 'Mine Now' })).toEqual(
        error('No such user'),
      );
      expect(await asOwner.callEndpoint(`/users/${systemBotId}/reactivate`, 'POST')).toEqual(
        error('No such user'),
      );
      expect(((await ops('get', '')).users as Event[]).map((user) => user['userId'])).not.toContain(
        systemBotId,
      );
      await opsRefusal('post', `/${systemBotId}/deactivate`, undefined, 404, 'No such user');
    });
  });

  describe('DELETE /users/me', () => {
    it("keeps the realm's only owner and its only user, and lets anyone else leave", async () => {
      expect(await (await as(owner)).callEndpoint('/users/me', 'DELETE')).toEqual({
        ...error('Cannot deactivate the only organization owner.', 'CANNOT_DEACTIVATE_LAST_USER'),
        is_last_owner: true,
        entity: 'organization owner',
      });
      const alone = (await system.createRealm('Solo org', 'ua-solo@example.com')).owner;
      expect(await (await as(alone)).callEndpoint('/users/me', 'DELETE')).toEqual({
        ...error('Cannot deactivate the only user.', 'CANNOT_DEACTIVATE_LAST_USER'),
        is_last_owner: false,
        entity: 'user',
      });
      const quitter = await system.createUser(owner, 'ua-quitter@example.com', 'Quin Quitter');
      await nextEvents(1);
      expect(await (await as(quitter)).callEndpoint('/users/me', 'DELETE')).toEqual({
        result: 'success',
        msg: '',
      });
      expect(await nextEvents(1)).toEqual([
        { type: 'realm_user', op: 'update', person: { user_id: quitter.userId, is_active: false } },
      ]);
      await chat.as(quitter).get('/users/me').expect(401);
    });
  });

  describe("the operator's routes for the CLI", () => {
    it('list, change roles, deactivate, reactivate and reset API keys', async () => {
      const night = await system.createUser(owner, 'ua-night@example.com', 'Nat Night');
      await nextEvents(1);
      expect((await ops('get', '')).users).toContainEqual({
        userId: night.userId,
        email: night.email,
        fullName: 'Nat Night',
        role: 'member',
        isActive: true,
        isBot: false,
      });

      expect(await ops('patch', `/${night.email}`, { role: 'administrator' })).toMatchObject({
        role: 'administrator',
      });
      expect(await nextEvents(1)).toEqual([
        { type: 'realm_user', op: 'update', person: { user_id: night.userId, role: 200 } },
      ]);
      await opsRefusal('patch', `/${night.userId}`, { role: 'boss' }, 400, 'role must be one of');
      await opsRefusal(
        'patch',
        `/${owner.email}`,
        { role: 'member' },
        400,
        'The owner permission cannot be removed from the only organization owner.',
      );
      await opsRefusal(
        'post',
        `/${owner.email}/deactivate`,
        undefined,
        400,
        'Cannot deactivate the only organization owner',
      );
      await opsRefusal('patch', '/nobody@example.com', { role: 'member' }, 404, 'No such user');
      await system.http
        .get('/ops/chat/realms/999999/users')
        .set('X-OPS-API-KEY', TEST_OPS_API_KEY)
        .expect(404);
      await system.http.get(`/ops/chat/realms/${realm.realmId}/users`).expect(401);

      expect(await ops('post', `/${night.userId}/deactivate`)).toMatchObject({ isActive: false });
      expect(await nextEvents(1)).toEqual([
        { type: 'realm_user', op: 'update', person: { user_id: night.userId, is_active: false } },
      ]);
      await opsRefusal('post', `/${night.email}/deactivate`, undefined, 400, 'User is already deactivated');
      expect(await ops('post', `/${night.email}/reactivate`)).toMatchObject({ isActive: true });
      await opsRefusal('post', `/${night.email}/reactivate`, undefined, 400, 'User is already active');

      const reset = await ops('post', `/${night.email}/api-key`);
      expect(reset).toEqual({
        userId: night.userId,
        email: night.email,
        apiKey: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
      });
      await chat.as(night).get('/users/me').expect(401);
      await chat
        .as({ ...night, apiKey: reset['apiKey'] as string })
        .get('/users/me')
        .expect(200);
    });
  });
});
