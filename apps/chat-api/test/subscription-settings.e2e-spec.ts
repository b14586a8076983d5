import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { ChatActions } from './chat-actions.js';
import { type ChatAccount, ChatTestSystem } from './chat-test-system.js';

// GET /streams/{id}/members, GET /users/{user_id}/subscriptions/{stream_id} and
// POST /users/me/subscriptions/properties, as Zulip 11 answers them.
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
});
