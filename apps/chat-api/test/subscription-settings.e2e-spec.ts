import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { ChatActions } from './chat-actions.js';
import { type ChatAccount, ChatTestSystem } from './chat-test-system.js';

// GET /streams/{id}/members, GET /users/{user_id}/subscriptions/{stream_id},
// POST /users/me/subscriptions/properties and its single-setting PATCH form, as Zulip 11 answers them.
describe('channel members and subscription settings through the gateway', () => {
  let system: ChatTestSystem;
  let chat: ChatActions;
  let owner: ChatAccount;
  let alice: ChatAccount;
  let bob: ChatAccount;
  let guest: ChatAccount;
  let leaver: ChatAccount;
  let general: number;
  let secret: number;

  beforeAll(async () => {
    system = await ChatTestSystem.start(apiGatewayDefinition, { CHAT_RATE_LIMIT_REQUESTS: '1000' });
    chat = new ChatActions(system);
    owner = (await system.createRealm()).owner;
    alice = await system.createUser(owner, 'alice@example.com', 'Alice Doe');
    bob = await system.createUser(owner, 'bob@example.com', 'Bob Roe');
    guest = await system.createUser(owner, 'guest@example.com', 'Gus Guest');
    leaver = await system.createUser(owner, 'leaver@example.com', 'Lee Leaver');
    await system.setRole(owner, guest, 600);
    general = await chat.channel(alice, 'general', [bob, leaver]);
    secret = await chat.channel(alice, 'secret', [], { invite_only: 'true' });
    await chat.as(owner).delete(`/users/${leaver.userId}`).expect(200);
  });

  afterAll(() => system.stop());

  const badRequest = (msg: string) => ({ result: 'error', msg, code: 'BAD_REQUEST' });

  describe('GET /streams/{stream_id}/members', () => {
    it('lists the active subscribers, deactivated accounts aside', async () => {
      const response = await chat.as(bob).get(`/streams/${general}/members`).expect(200);
      expect(response.body).toEqual({ result: 'success', msg: '', subscribers: [alice.userId, bob.userId] });
    });

    it('lets an administrator read a private channel they are not in', async () => {
      const response = await chat.as(owner).get(`/streams/${secret}/members`).expect(200);
      expect(response.body.subscribers).toEqual([alice.userId]);
    });

    it('refuses a channel the caller cannot see, a missing one and a guest outside a public one', async () => {
      expect((await chat.as(bob).get(`/streams/${secret}/members`).expect(400)).body).toEqual(
        badRequest('Invalid channel ID'),
      );
      expect((await chat.as(bob).get('/streams/999999/members').expect(400)).body).toEqual(
        badRequest('Invalid channel ID'),
      );
      expect((await chat.as(guest).get(`/streams/${general}/members`).expect(400)).body).toEqual(
        badRequest('Invalid channel ID'),
      );
    });
  });

  describe('GET /users/{user_id}/subscriptions/{stream_id}', () => {
    it('says whether the user is subscribed', async () => {
      expect(
        (await chat.as(bob).get(`/users/${alice.userId}/subscriptions/${general}`).expect(200)).body,
      ).toEqual({ result: 'success', msg: '', is_subscribed: true });
      expect(
        (await chat.as(bob).get(`/users/${owner.userId}/subscriptions/${general}`).expect(200)).body,
      ).toEqual({ result: 'success', msg: '', is_subscribed: false });
    });

    it('refuses an unknown or deactivated user before the channel, then the channel', async () => {
      expect((await chat.as(bob).get(`/users/999999/subscriptions/999999`).expect(400)).body).toEqual(
        badRequest('No such user'),
      );
      expect(
        (await chat.as(bob).get(`/users/${leaver.userId}/subscriptions/${general}`).expect(400)).body,
      ).toEqual(badRequest('User is deactivated'));
      expect(
        (await chat.as(bob).get(`/users/${alice.userId}/subscriptions/${secret}`).expect(400)).body,
      ).toEqual(badRequest('Invalid channel ID'));
    });
  });

  describe('POST /users/me/subscriptions/properties', () => {
    const update = (who: ChatAccount, data: unknown) =>
      chat.as(who).post('/users/me/subscriptions/properties', { subscription_data: JSON.stringify(data) });
    const mySubscription = async (who: ChatAccount, streamId: number) => {
      const state = await chat.registeredState<{ subscriptions: Array<Record<string, unknown>> }>(who, [
        'subscription',
      ]);
      return state.subscriptions.find((sub) => sub['stream_id'] === streamId)!;
    };

    it("changes the settings, tells the user with Zulip's events and shows them in register", async () => {
      const { queue_id } = await chat.registerQueue(bob, ['subscription'], {});
      await update(bob, [
        { stream_id: general, property: 'color', value: '#abc' },
        { stream_id: general, property: 'pin_to_top', value: true },
        { stream_id: general, property: 'is_muted', value: true },
        { stream_id: general, property: 'desktop_notifications', value: false },
        { stream_id: general, property: 'wildcard_mentions_notify', value: true },
      ]).expect(200, { result: 'success', msg: '' });
      const events = await chat.queuedEvents(bob, queue_id, 6);
      const update_ = (property: string, value: unknown) => ({
        type: 'subscription',
        op: 'update',
        property,
        value,
        stream_id: general,
        id: expect.any(Number),
      });
      expect(events).toEqual([
        update_('color', '#abc'),
        update_('pin_to_top', true),
        update_('in_home_view', false),
        update_('is_muted', true),
        update_('desktop_notifications', false),
        update_('wildcard_mentions_notify', true),
      ]);
      expect(await mySubscription(bob, general)).toMatchObject({
        color: '#abc',
        pin_to_top: true,
        is_muted: true,
        in_home_view: false,
        desktop_notifications: false,
        wildcard_mentions_notify: true,
        push_notifications: null,
        audible_notifications: null,
        email_notifications: null,
      });
    });

    it('reads the legacy in_home_view as the inverse of is_muted', async () => {
      const { queue_id } = await chat.registerQueue(alice, ['subscription'], {});
      await update(alice, [{ stream_id: general, property: 'in_home_view', value: false }]).expect(200);
      expect(await chat.queuedEvents(alice, queue_id, 2)).toEqual([
        expect.objectContaining({ property: 'in_home_view', value: false }),
        expect.objectContaining({ property: 'is_muted', value: true }),
      ]);
      expect(await mySubscription(alice, general)).toMatchObject({ is_muted: true, in_home_view: false });
      await update(alice, [{ stream_id: general, property: 'in_home_view', value: true }]).expect(200);
      expect(await mySubscription(alice, general)).toMatchObject({ is_muted: false, in_home_view: true });
    });

    it("refuses malformed changes in Zulip's words", async () => {
      const refusals: Array<[unknown, string]> = [
        [{}, 'subscription_data is not a list'],
        [
          [{ property: 'color', value: '#fff' }],
          'subscription_data[0]["stream_id"] field is missing: Field required',
        ],
        [
          [{ stream_id: general, property: 'color' }],
          'subscription_data[0]["value"] field is missing: Field required',
        ],
        [
          [{ stream_id: general, property: 'color', value: '3ffrff' }],
          'Invalid subscription_data[0]: Value error, color is not a valid hex color code',
        ],
        [
          [{ stream_id: general, property: 'color', value: false }],
          'Invalid subscription_data[0]: Value error, color is not a valid hex color code',
        ],
        [[{ stream_id: general, property: 'is_muted', value: 'bad' }], 'is_muted is not a boolean'],
        [
          [{ stream_id: general, property: 'push_notifications', value: 'bad' }],
          'push_notifications is not a boolean',
        ],
        [[{ stream_id: general, property: 'bad', value: 'bad' }], 'Unknown subscription property: bad'],
      ];
      for (const [data, msg] of refusals)
        expect((await update(bob, data).expect(400)).body).toEqual(badRequest(msg));
      expect((await chat.as(bob).post('/users/me/subscriptions/properties').expect(400)).body).toEqual({
        result: 'error',
        msg: "Missing 'subscription_data' argument",
        code: 'REQUEST_VARIABLE_MISSING',
        var_name: 'subscription_data',
      });
    });

    it('refuses a channel the caller cannot read or is not in, undoing the earlier changes', async () => {
      expect(
        (await update(bob, [{ stream_id: 999999, property: 'is_muted', value: false }]).expect(400)).body,
      ).toEqual(badRequest('Invalid channel ID'));
      expect(
        (await update(owner, [{ stream_id: secret, property: 'is_muted', value: true }]).expect(400)).body,
      ).toEqual(badRequest('Invalid channel ID'));
      const refused = await update(bob, [
        { stream_id: general, property: 'pin_to_top', value: false },
        { stream_id: secret, property: 'pin_to_top', value: true },
      ]).expect(400);
      expect(refused.body).toEqual(badRequest('Invalid channel ID'));
      expect(await mySubscription(bob, general)).toMatchObject({ pin_to_top: true });
      expect(
        (await update(owner, [{ stream_id: general, property: 'is_muted', value: true }]).expect(400)).body,
      ).toEqual(badRequest(`Not subscribed to channel ID ${general}`));
    });
  });

  describe('PATCH /users/me/subscriptions/{stream_id}', () => {
    const patch = (who: ChatAccount, streamId: number | string, form: Record<string, string>) =>
      chat.as(who).patch(`/users/me/subscriptions/${streamId}`, form);

    it("changes one setting with the bulk form's events, reading `value` as JSON true/false or text", async () => {
      const { queue_id } = await chat.registerQueue(bob, ['subscription'], {});
      await patch(bob, general, { property: 'is_muted', value: 'false' }).expect(200, {
        result: 'success',
        msg: '',
      });
      await patch(bob, general, { property: 'color', value: '#123456' }).expect(200);
      expect(await chat.queuedEvents(bob, queue_id, 3)).toEqual([
        expect.objectContaining({ op: 'update', property: 'in_home_view', value: true, stream_id: general }),
        expect.objectContaining({ op: 'update', property: 'is_muted', value: false, stream_id: general }),
        expect.objectContaining({ op: 'update', property: 'color', value: '#123456', stream_id: general }),
      ]);
    });

    it("refuses as Zulip's model does, and a channel the caller is not in", async () => {
      const refusals: Array<[Record<string, string>, string]> = [
        [{ property: 'pin_to_top', value: '1' }, 'pin_to_top is not a boolean'],
        [{ property: 'color', value: 'red' }, 'color is not a valid hex color code'],
        [{ property: 'bad', value: 'true' }, 'Unknown subscription property: bad'],
      ];
      for (const [form, msg] of refusals)
        expect((await patch(bob, general, form).expect(400)).body).toEqual(badRequest(msg));
      expect((await patch(bob, general, { value: 'true' }).expect(400)).body).toEqual({
        result: 'error',
        msg: "Missing 'property' argument",
        code: 'REQUEST_VARIABLE_MISSING',
        var_name: 'property',
      });
      expect((await patch(bob, secret, { property: 'pin_to_top', value: 'true' }).expect(400)).body).toEqual(
        badRequest('Invalid channel ID'),
      );
      expect(
        (await patch(owner, general, { property: 'pin_to_top', value: 'true' }).expect(400)).body,
      ).toEqual(badRequest(`Not subscribed to channel ID ${general}`));
    });

    it('leaves the legacy muted_topics route its own endpoint', async () => {
      await patch(bob, 'muted_topics', { stream_id: String(general), topic: 't', op: 'remove' }).expect(200, {
        result: 'success',
        msg: '',
      });
    });
  });
});
