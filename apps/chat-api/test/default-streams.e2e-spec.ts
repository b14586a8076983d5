import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { DataSource } from 'typeorm';
import zulipInit, { type ZulipClient } from 'zulip-js';
import { ChatActions } from './chat-actions.js';
import { zulipJsQueue } from './zulip-js-queue.js';
import { type ChatAccount, ChatTestSystem } from './chat-test-system.js';

// Default channels (Zulip's POST/DELETE /default_streams, `realm_default_streams`, the
// `default_streams` event) and new accounts joining them, through zulip-js.
describe('default channels through zulip-js', () => {
  let system: ChatTestSystem;
  let chat: ChatActions;
  let owner: ChatAccount;
  let admin: ChatAccount;
  let member: ChatAccount;
  let guest: ChatAccount;
  let clients: Map<ChatAccount, ZulipClient>;
  let lobby: number;
  let secret: number;
  let hidden: number;
  let archived: number;
  let elsewhere: number;

  const client = (account: ChatAccount) => clients.get(account)!;
  const call = (account: ChatAccount, method: string, params: Record<string, unknown> = {}) =>
    client(account).callEndpoint('/default_streams', method, params);
  const badRequest = (msg: string) => ({ result: 'error', msg, code: 'BAD_REQUEST' });
  const notAdministrator = {
    result: 'error',
    msg: 'Must be an organization administrator',
    code: 'UNAUTHORIZED_PRINCIPAL',
  };

  const queue = (account: ChatAccount, eventTypes: string[]) => zulipJsQueue(client(account), eventTypes);

  beforeAll(async () => {
    system = await ChatTestSystem.start(apiGatewayDefinition, { CHAT_RATE_LIMIT_REQUESTS: '1000' });
    chat = new ChatActions(system);
    owner = (await system.createRealm('Defaults', 'ds-owner@example.com')).owner;
    admin = await system.createUser(owner, 'ds-admin@example.com', 'Ada Admin');
    await system.setRole(owner, admin, 200);
    member = await system.createUser(owner, 'ds-member@example.com', 'Mel Member');
    guest = await system.createUser(owner, 'ds-guest@example.com', 'Gus Guest');
    await system.setRole(owner, guest, 600);
    clients = new Map();
    for (const account of [owner, admin, member, guest])
      clients.set(
        account,
        await zulipInit({ realm: system.gatewayUrl, username: account.email, apiKey: account.apiKey }),
      );
    lobby = await chat.channel(owner, 'lobby', [member]);
    secret = await chat.channel(admin, 'secret', [], { invite_only: 'true' });
    hidden = await chat.channel(member, 'hidden', [], { invite_only: 'true' });
    archived = await chat.channel(owner, 'old-news');
    await chat.as(owner).delete(`/streams/${archived}`).expect(200);
    const other = (await system.createRealm('Elsewhere', 'ds-other@example.com')).owner;
    elsewhere = await chat.channel(other, 'foreign');
  });

  afterAll(() => system.stop());

  it('is for administrators and owners only', async () => {
    expect(await call(member, 'POST', { stream_id: lobby })).toEqual(notAdministrator);
    expect(await call(guest, 'POST', { stream_id: lobby })).toEqual(notAdministrator);
    expect(await call(member, 'DELETE', { stream_id: lobby })).toEqual(notAdministrator);
    expect(await call(member, 'GET')).toEqual({ result: 'success', msg: '', default_streams: [] });
  });

  it('checks stream_id as Zulip does', async () => {
    expect(await call(admin, 'POST')).toEqual({
      result: 'error',
      msg: "Missing 'stream_id' argument",
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'stream_id',
    });
    expect(await call(admin, 'POST', { stream_id: 'lobby' })).toEqual(
      badRequest('stream_id is not valid JSON'),
    );
    expect(await call(admin, 'POST', { stream_id: '"7"' })).toEqual(
      badRequest('stream_id is not an integer'),
    );
  });

  it("refuses missing, archived, another realm's and private channels in Zulip's words", async () => {
    for (const id of [999999, archived, elsewhere])
      expect(await call(admin, 'POST', { stream_id: id })).toEqual(badRequest('Invalid channel ID'));
    // A private channel the administrator is not in does not exist for them here.
    expect(await call(admin, 'POST', { stream_id: hidden })).toEqual(badRequest('Invalid channel ID'));
    expect(await call(admin, 'POST', { stream_id: secret })).toEqual(
      badRequest('Private channels cannot be made default.'),
    );
    expect(await call(admin, 'DELETE', { stream_id: elsewhere })).toEqual(badRequest('Invalid channel ID'));
    expect(await call(admin, 'DELETE', { stream_id: archived })).toEqual(badRequest('Invalid channel ID'));
  });

  it('makes a public channel default, tells every member but guests, and registers it', async () => {
    const members = await queue(member, ['default_streams']);
    const guests = await queue(guest, ['default_streams']);
    expect(await call(owner, 'POST', { stream_id: lobby })).toEqual({ result: 'success', msg: '' });
    expect(await members.expect(1)).toEqual([{ type: 'default_streams', default_streams: [lobby], id: 0 }]);
    // Already default: nothing changes, nobody is told.
    expect(await call(admin, 'POST', { stream_id: lobby })).toEqual({ result: 'success', msg: '' });
    const probe = await queue(member, ['default_streams']);
    expect(await call(admin, 'DELETE', { stream_id: hidden })).toEqual({ result: 'success', msg: '' });
    await probe.expect(1);
    expect(await members.events()).toHaveLength(2);
    expect(await guests.events()).toEqual([]);

    const state = (account: ChatAccount) =>
      client(account).queues.register({ fetch_event_types: JSON.stringify(['default_streams']) });
    expect((await state(member))['realm_default_streams']).toEqual([lobby]);
    expect((await state(guest))['realm_default_streams']).toEqual([]);
    expect(await call(member, 'GET')).toEqual({ result: 'success', msg: '', default_streams: [lobby] });
    expect(await call(guest, 'GET')).toEqual({ result: 'success', msg: '', default_streams: [] });
  });

  it('subscribes a new human account to the default channels, and tells the followers', async () => {
    const followers = await queue(member, ['subscription']);
    const newcomer = await system.createUser(owner, 'ds-new@example.com', 'Nia Newcomer');
    const subscriptions = await chat.as(newcomer).get('/users/me/subscriptions').expect(200);
    expect(subscriptions.body.subscriptions).toEqual([
      expect.objectContaining({ stream_id: lobby, name: 'lobby', color: expect.any(String) }),
    ]);
    expect(await followers.expect(1)).toEqual([
      { type: 'subscription', op: 'peer_add', stream_ids: [lobby], user_ids: [newcomer.userId], id: 0 },
    ]);
    // Bots are not subscribed (Zulip's process_new_human_user is for humans).
    const bot = await chat
      .as(owner)
      .post('/bots', { full_name: 'Default Bot', short_name: 'defaulty' })
      .expect(200);
    const botRows = (await system.chatApi.app
      .get(DataSource)
      .query('SELECT count(*)::int AS "count" FROM "chat"."subscription" WHERE "user_id" = $1', [
        bot.body.user_id,
      ])) as Array<{ count: number }>;
    expect(botRows).toEqual([{ count: 0 }]);
  });

  it('removes a default channel, and tells everyone even when it was not default', async () => {
    const members = await queue(member, ['default_streams']);
    expect(await call(admin, 'DELETE', { stream_id: lobby })).toEqual({ result: 'success', msg: '' });
    expect(await members.expect(1)).toEqual([{ type: 'default_streams', default_streams: [], id: 0 }]);
    const later = await system.createUser(owner, 'ds-later@example.com', 'Lee Later');
    const subscriptions = await chat.as(later).get('/users/me/subscriptions').expect(200);
    expect(subscriptions.body.subscriptions).toEqual([]);
  });

  it('takes an archived channel out of the default channels, as Zulip archiving does', async () => {
    const square = await chat.channel(owner, 'square');
    // Registered before the POST: its event is delivered after the response, so a queue made
    // in between might or might not see it.
    const members = await queue(member, ['default_streams']);
    expect(await call(admin, 'POST', { stream_id: square })).toEqual({ result: 'success', msg: '' });
    await chat.as(owner).delete(`/streams/${square}`).expect(200);
    expect(await members.expect(2)).toEqual([
      { type: 'default_streams', default_streams: [square], id: 0 },
      { type: 'default_streams', default_streams: [], id: 1 },
    ]);
    expect(await call(member, 'GET')).toEqual({ result: 'success', msg: '', default_streams: [] });
  });
});
