import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { expectEventually } from '@platform/test-support';
import { ChatActions } from './chat-actions.js';
import { type ChatAccount, ChatTestSystem } from './chat-test-system.js';

describe('muted users through the gateway', () => {
  let system: ChatTestSystem;
  let chat: ChatActions;
  let owner: ChatAccount;
  let member: ChatAccount;
  let chatty: ChatAccount;
  let botId: number;

  beforeAll(async () => {
    system = await ChatTestSystem.start(apiGatewayDefinition, { CHAT_RATE_LIMIT_REQUESTS: '1000' });
    chat = new ChatActions(system);
    owner = (await system.createRealm()).owner;
    member = await system.createUser(owner, 'muter@example.com', 'Max Muter');
    chatty = await system.createUser(owner, 'chatty@example.com', 'Cat Chatty');
    // The Notification Bot, a system bot: Zulip lets users mute those too.
    botId = (await chat.crossRealmBots(owner))[0]!.user_id;
  });

  afterAll(() => system.stop());

  const mute = (id: number | string, who: ChatAccount = member) =>
    system.http.post(`/api/v1/users/me/muted_users/${id}`).auth(who.email, who.apiKey);
  const unmute = (id: number | string, who: ChatAccount = member) =>
    system.http.delete(`/api/v1/users/me/muted_users/${id}`).auth(who.email, who.apiKey);
  const badRequest = (msg: string) => ({ result: 'error', msg, code: 'BAD_REQUEST' });
  it('mutes a user, marking what they sent as read, and unmutes them', async () => {
    const before = await chat.direct(chatty, [member], 'unread until muted');
    expect((await chat.flags(member, before))! & 1).toBe(0);

    await mute(chatty.userId).expect(200, { result: 'success', msg: '' });
    expect((await chat.flags(member, before))! & 1).toBe(1);
    // The muted user's own copy is untouched.
    expect((await chat.flags(chatty, before))! & 1).toBe(1);

    const whileMuted = await chat.direct(chatty, [member], 'arrives read');
    expect((await chat.flags(member, whileMuted))! & 1).toBe(1);
    const registered = await chat
      .as(member)
      .post('/register', { fetch_event_types: '["muted_users"]' })
      .expect(200);
    expect(registered.body.muted_users).toEqual([{ id: chatty.userId, timestamp: expect.any(Number) }]);

    await unmute(chatty.userId).expect(200, { result: 'success', msg: '' });
    const after = await chat.direct(chatty, [member], 'unread again');
    expect((await chat.flags(member, after))! & 1).toBe(0);
  });

  it('announces the mute list and the messages it marked read to the muter', async () => {
    const events = await chat.recordEvents();
    const sent = await chat.direct(chatty, [member], 'about to be muted');
    await mute(chatty.userId).expect(200);
    await unmute(chatty.userId).expect(200);
    // The recorder may also see earlier tests' events, relayed late: read from the flag change on.
    const mine = () => {
      const own = events.filter((e) => e.userIds.includes(member.userId) && e.event['type'] !== 'message');
      const start = own.findIndex(
        (e) => e.event['type'] === 'update_message_flags' && (e.event['messages'] as number[]).includes(sent),
      );
      return start < 0 ? [] : own.slice(start).map((e) => e.event);
    };
    await expectEventually(() =>
      expect(mine()).toEqual([
        {
          type: 'update_message_flags',
          op: 'add',
          operation: 'add',
          flag: 'read',
          messages: expect.arrayContaining([sent]),
          all: false,
        },
        { type: 'muted_users', muted_users: [{ id: chatty.userId, timestamp: expect.any(Number) }] },
        { type: 'muted_users', muted_users: [] },
      ]),
    );
  });

  it('mutes a bot', async () => {
    await mute(botId).expect(200);
    await unmute(botId).expect(200);
  });

  it('refuses to mute oneself', async () => {
    expect((await mute(member.userId).expect(400)).body).toEqual(badRequest('Cannot mute self'));
  });

  it('refuses an unknown user, and another realm’s user', async () => {
    const other = await system.createRealm('Other org', 'other-owner@example.com');
    for (const id of [999_999, other.owner.userId]) {
      expect((await mute(id).expect(400)).body).toEqual(badRequest('No such user'));
      expect((await unmute(id).expect(400)).body).toEqual(badRequest('No such user'));
    }
  });

  it('refuses to mute twice and to unmute someone not muted', async () => {
    await mute(owner.userId).expect(200);
    expect((await mute(owner.userId).expect(400)).body).toEqual(badRequest('User already muted'));
    await unmute(owner.userId).expect(200);
    expect((await unmute(owner.userId).expect(400)).body).toEqual(badRequest('User is not muted'));
    expect((await unmute(member.userId).expect(400)).body).toEqual(badRequest('User is not muted'));
  });

  it('answers 404 for a non-numeric id and 405 for a wrong method', async () => {
    expect((await mute('abc').expect(404)).body).toEqual({
      result: 'error',
      msg: 'Not Found',
      code: 'BAD_REQUEST',
    });
    // Any digits are an id, as Zulip's <int:...> path patterns read them; one beyond the stored
    // range names nobody.
    expect((await mute('99999999999').expect(400)).body).toEqual(badRequest('No such user'));
    const response = await system.http.get(`/api/v1/users/me/muted_users/${owner.userId}`).expect(405);
    expect(response.body).toEqual({
      result: 'error',
      msg: 'Method Not Allowed',
      allowed_methods: ['POST', 'DELETE'],
    });
  });
});
