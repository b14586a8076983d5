import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiGatewayDefinition } from '@apps/api-gateway';
import zulipInit, { type ZulipClient } from 'zulip-js';
import { ChatActions } from './chat-actions.js';
import { type ChatAccount, ChatTestSystem } from './chat-test-system.js';

// The messaging features through the unmodified npm client: its own calls where it has them
// (flags, typing), callEndpoint for the rest.
describe('zulip-js and the messaging features', () => {
  let system: ChatTestSystem;
  let chat: ChatActions;
  let owner: ChatAccount;
  let member: ChatAccount;
  let third: ChatAccount;
  let client: ZulipClient;

  beforeAll(async () => {
    system = await ChatTestSystem.start(apiGatewayDefinition, { CHAT_RATE_LIMIT_REQUESTS: '1000' });
    chat = new ChatActions(system);
    owner = (await system.createRealm('zulip-js features', 'jsf-owner@example.com')).owner;
    member = await system.createUser(owner, 'jsf-member@example.com', 'Jo Member');
    third = await system.createUser(owner, 'jsf-third@example.com', 'Thi Third');
    client = await zulipInit({ realm: system.gatewayUrl, username: member.email, apiKey: member.apiKey });
  });

  afterAll(() => system.stop());

  it('stars and unstars through messages.flags', async () => {
    const id = await chat.direct(owner, [member]);
    expect(await client.messages.flags.add({ messages: [id], flag: 'starred' })).toEqual({
      result: 'success',
      msg: '',
      messages: [id],
      ignored_because_not_subscribed_channels: [],
    });
    await client.messages.flags.add({ messages: [id], flag: 'read' });
    expect(await client.messages.flags.remove({ messages: [id], flag: 'read' })).toEqual({
      result: 'success',
      msg: '',
      messages: [id],
      ignored_because_not_subscribed_channels: [],
    });
    expect(await client.messages.flags.add({ messages: [id], flag: 'mentioned' })).toEqual({
      result: 'error',
      msg: "Flag not editable: 'mentioned'",
      code: 'BAD_REQUEST',
    });
  });

  it('finds a channel id through streams.getStreamId, as Zulip answers it', async () => {
    const id = await chat.channel(owner, 'lookup', [member]);
    expect(await client.streams.getStreamId('Lookup')).toEqual({ result: 'success', msg: '', stream_id: id });
    const secret = await chat.channel(owner, 'secret-room', [], { invite_only: 'true' });
    expect(secret).toEqual(expect.any(Number));
    expect(await client.streams.getStreamId('secret-room')).toEqual({
      result: 'error',
      msg: "Invalid channel name 'secret-room'",
      code: 'BAD_REQUEST',
    });
    expect(await client.streams.getStreamId('nowhere')).toEqual({
      result: 'error',
      msg: "Invalid channel name 'nowhere'",
      code: 'BAD_REQUEST',
    });
  });

  it('renders Markdown through messages.render', async () => {
    expect(await client.messages.render(`**bold** @**${'Thi Third'}**`)).toEqual({
      result: 'success',
      msg: '',
      rendered: `<p><strong>bold</strong> <span class="user-mention" data-user-id="${third.userId}">@Thi Third</span></p>`,
    });
  });

  it('sends typing notifications through typing.send', async () => {
    expect(await client.typing.send({ to: [owner.userId, third.userId], op: 'start' })).toEqual({
      result: 'success',
      msg: '',
    });
  });

  it('schedules, lists and deletes a message through callEndpoint', async () => {
    const scheduled = await client.callEndpoint('/scheduled_messages', 'POST', {
      type: 'direct',
      to: JSON.stringify([owner.userId]),
      content: 'from zulip-js',
      scheduled_delivery_timestamp: Math.ceil(Date.now() / 1000) + 3600,
    });
    expect(scheduled).toEqual({ result: 'success', msg: '', scheduled_message_id: expect.any(Number) });
    const listed = await client.callEndpoint('/scheduled_messages', 'GET');
    expect(listed['scheduled_messages']).toEqual([
      expect.objectContaining({
        scheduled_message_id: scheduled['scheduled_message_id'],
        content: 'from zulip-js',
      }),
    ]);
    const path = `/scheduled_messages/${String(scheduled['scheduled_message_id'])}`;
    expect(await client.callEndpoint(path, 'DELETE')).toEqual({ result: 'success', msg: '' });
    expect(await client.callEndpoint(path, 'DELETE')).toEqual({
      result: 'error',
      msg: 'Scheduled message does not exist',
      code: 'BAD_REQUEST',
    });
  });

  it('keeps snippets, sets reminders, mutes users and lists topics through callEndpoint', async () => {
    const snippet = await client.callEndpoint('/saved_snippets', 'POST', { title: 'hi', content: 'hello' });
    expect(snippet).toEqual({ result: 'success', msg: '', saved_snippet_id: expect.any(Number) });
    const message = await chat.direct(owner, [member], 'remind me later');
    const reminder = await client.callEndpoint('/reminders', 'POST', {
      message_id: message,
      scheduled_delivery_timestamp: Math.ceil(Date.now() / 1000) + 3600,
    });
    expect(reminder).toEqual({ result: 'success', msg: '', reminder_id: expect.any(Number) });
    expect(await client.callEndpoint(`/users/me/muted_users/${third.userId}`, 'POST')).toEqual({
      result: 'success',
      msg: '',
    });
    expect(await client.callEndpoint(`/users/me/muted_users/${member.userId}`, 'POST')).toEqual({
      result: 'error',
      msg: 'Cannot mute self',
      code: 'BAD_REQUEST',
    });
    const streamId = await chat.channel(owner, 'js-topics', [member]);
    const sent = await chat.toChannel(owner, streamId, 'from js');
    expect(await client.callEndpoint(`/users/me/${streamId}/topics`, 'GET')).toEqual({
      result: 'success',
      msg: '',
      // The Notification Bot's creation notice came just before.
      topics: [
        { name: 'from js', max_id: sent },
        { name: 'channel events', max_id: expect.any(Number) },
      ],
    });
  });
});
