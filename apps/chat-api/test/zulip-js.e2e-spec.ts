import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiGatewayDefinition } from '@apps/api-gateway';
import zulipInit, { type ZulipClient } from 'zulip-js';
import { type ChatAccount, type ChatRealm, ChatTestSystem } from './chat-test-system.js';

// The unmodified npm client against the gateway: multipart bodies, query strings, its own
// password login.
describe('zulip-js against the gateway', () => {
  let system: ChatTestSystem;
  let realm: ChatRealm;
  let member: ChatAccount;
  let owner: ZulipClient;

  beforeAll(async () => {
    system = await ChatTestSystem.start(apiGatewayDefinition);
    realm = await system.createRealm('zulip-js org', 'js-owner@example.com');
    member = await system.createUser(realm.owner, 'js-member@example.com', 'Jay Member', 'member-password');
    owner = await zulipInit({
      realm: system.gatewayUrl,
      username: realm.owner.email,
      apiKey: realm.owner.apiKey,
    });
  });

  afterAll(() => system.stop());

  it('logs in with a password through /fetch_api_key', async () => {
    const client = await zulipInit({
      realm: system.gatewayUrl,
      username: member.email,
      password: 'member-password',
    });
    expect(client.config.apiKey).toBe(member.apiKey);
    expect(await client.users.me.getProfile()).toMatchObject({ result: 'success', user_id: member.userId });
  });

  it('sends a direct message as multipart form data', async () => {
    const sent = await owner.messages.send({
      type: 'direct',
      to: [member.userId],
      content: 'Hello from zulip-js',
    });
    expect(sent).toEqual({ result: 'success', msg: '', id: expect.any(Number) });
  });

  it('calls any endpoint through callEndpoint', async () => {
    const users = await owner.callEndpoint('/users', 'GET', { client_gravatar: 'false' });
    expect(users.result).toBe('success');
    expect(users['members']).toContainEqual(
      expect.objectContaining({ email: member.email, avatar_url: expect.any(String) }),
    );
  });

  it('subscribes, posts to a channel and reads it back through a narrow', async () => {
    const subscribed = await owner.users.me.subscriptions.add({ subscriptions: [{ name: 'js-room' }] });
    expect(subscribed).toMatchObject({
      result: 'success',
      subscribed: { [String(realm.owner.userId)]: ['js-room'] },
    });
    const sent = await owner.messages.send({
      type: 'stream',
      to: 'js-room',
      topic: 'greetings',
      content: 'hello @**Jay Member**',
    });
    expect(sent.result).toBe('success');
    const read = await owner.messages.retrieve({
      anchor: 'newest',
      num_before: 10,
      num_after: 0,
      narrow: [{ operator: 'channel', operand: 'js-room' }],
    });
    expect(read).toMatchObject({ result: 'success', found_newest: true });
    expect(read['messages']).toEqual([
      // The Notification Bot's creation notice, read for the channel's creator.
      expect.objectContaining({
        subject: 'channel events',
        sender_full_name: 'Notification Bot',
        flags: ['read'],
      }),
      expect.objectContaining({
        id: sent['id'],
        subject: 'greetings',
        display_recipient: 'js-room',
        flags: ['read'],
      }),
    ]);
  });

  it('registers a queue and long-polls its events', async () => {
    const memberClient = await zulipInit({
      realm: system.gatewayUrl,
      username: member.email,
      apiKey: member.apiKey,
    });
    const queue = await memberClient.queues.register({ event_types: ['message'] });
    expect(queue).toMatchObject({ result: 'success', last_event_id: -1, zulip_feature_level: 421 });
    const polled = memberClient.events.retrieve({ queue_id: queue['queue_id'], last_event_id: -1 });
    await owner.messages.send({ type: 'direct', to: [member.userId], content: 'event for you' });
    const events = await polled;
    expect(events).toMatchObject({ result: 'success', queue_id: queue['queue_id'] });
    expect(events['events']).toEqual([
      expect.objectContaining({
        type: 'message',
        message: expect.objectContaining({ content: 'event for you' }),
      }),
    ]);
    expect(await memberClient.queues.deregister({ queue_id: queue['queue_id'] })).toEqual({
      result: 'success',
      msg: '',
    });
  });

  it('sees Zulip errors as Zulip sends them', async () => {
    const refused = await owner.messages.send({ type: 'direct', content: 'to nobody' });
    expect(refused).toEqual({ result: 'error', msg: 'Message must have recipients', code: 'BAD_REQUEST' });
  });
});
