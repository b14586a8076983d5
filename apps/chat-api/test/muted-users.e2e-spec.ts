import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { type ChatAccount, ChatTestSystem } from './chat-test-system.js';

describe('muted users through the gateway', () => {
  let system: ChatTestSystem;
  let owner: ChatAccount;
  let member: ChatAccount;
  let chatty: ChatAccount;
  let botId: number;

  beforeAll(async () => {
    system = await ChatTestSystem.start(apiGatewayDefinition, { CHAT_RATE_LIMIT_REQUESTS: '1000' });
    owner = (await system.createRealm()).owner;
    member = await system.createUser(owner, 'muter@example.com', 'Max Muter');
    chatty = await system.createUser(owner, 'chatty@example.com', 'Cat Chatty');
    const users = await system.http.get('/api/v1/users').auth(owner.email, owner.apiKey).expect(200);
    botId = (users.body.members as Array<{ user_id: number; is_bot: boolean }>).find(
      (u) => u.is_bot,
    )!.user_id;
  });

  afterAll(() => system.stop());

  const mute = (id: number | string, who: ChatAccount = member) =>
    system.http.post(`/api/v1/users/me/muted_users/${id}`).auth(who.email, who.apiKey);
  const unmute = (id: number | string, who: ChatAccount = member) =>
    system.http.delete(`/api/v1/users/me/muted_users/${id}`).auth(who.email, who.apiKey);
  const badRequest = (msg: string) => ({ result: 'error', msg, code: 'BAD_REQUEST' });
  const sendDirect = async (from: ChatAccount, to: ChatAccount, content: string): Promise<number> => {
    const response = await system.http
      .post('/api/v1/messages')
      .auth(from.email, from.apiKey)
      .type('form')
      .send({ type: 'direct', to: JSON.stringify([to.userId]), content })
      .expect(200);
    return response.body.id as number;
  };
  const flagsOf = async (userId: number, messageId: number): Promise<number> => {
    const rows = (await system.chatApi.app
      .get(DataSource)
      .query('SELECT "flags" FROM "chat"."user_message" WHERE "user_id" = $1 AND "message_id" = $2', [
        userId,
        messageId,
      ])) as Array<{ flags: number }>;
    return rows[0]!.flags;
  };

  it('mutes a user, marking what they sent as read, and unmutes them', async () => {
    const before = await sendDirect(chatty, member, 'unread until muted');
    expect((await flagsOf(member.userId, before)) & 1).toBe(0);

    await mute(chatty.userId).expect(200, { result: 'success', msg: '' });
    expect((await flagsOf(member.userId, before)) & 1).toBe(1);
    // The muted user's own copy is untouched.
    expect((await flagsOf(chatty.userId, before)) & 1).toBe(1);

    await unmute(chatty.userId).expect(200, { result: 'success', msg: '' });
    const after = await sendDirect(chatty, member, 'unread again');
    expect((await flagsOf(member.userId, after)) & 1).toBe(0);
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
    const response = await system.http.get(`/api/v1/users/me/muted_users/${owner.userId}`).expect(405);
    expect(response.body).toEqual({
      result: 'error',
      msg: 'Method Not Allowed',
      allowed_methods: ['POST', 'DELETE'],
    });
  });
});
