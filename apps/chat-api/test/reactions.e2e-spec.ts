import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { expectEventually } from '@platform/test-support';
import zulipInit, { type ZulipClient } from 'zulip-js';
import { ChatActions } from './chat-actions.js';
import { type ChatAccount, ChatTestSystem } from './chat-test-system.js';

declare module 'zulip-js' {
  interface ZulipClient {
    reactions: {
      add(params: Record<string, unknown>): Promise<ZulipResponse>;
      remove(params: Record<string, unknown>): Promise<ZulipResponse>;
    };
  }
}

const thumbsUp = (userId: number) => ({
  emoji_name: 'thumbs_up',
  emoji_code: '1f44d',
  reaction_type: 'unicode_emoji',
  user_id: userId,
});

describe('message reactions through the gateway', () => {
  let system: ChatTestSystem;
  let chat: ChatActions;
  let owner: ChatAccount;
  let member: ChatAccount;
  let outsider: ChatAccount;
  let client: ZulipClient;
  let publicId: number;
  let secretId: number;

  beforeAll(async () => {
    system = await ChatTestSystem.start(apiGatewayDefinition, { CHAT_RATE_LIMIT_REQUESTS: '1000' });
    chat = new ChatActions(system);
    owner = (await system.createRealm('Reactions', 'react-owner@example.com')).owner;
    member = await system.createUser(owner, 'react-member@example.com', 'Rea Member');
    outsider = await system.createUser(owner, 'react-outsider@example.com', 'Out Sider');
    publicId = await chat.channel(owner, 'reacting', [member]);
    secretId = await chat.channel(owner, 'secret', [], { invite_only: 'true' });
    client = await zulipInit({ realm: system.gatewayUrl, username: member.email, apiKey: member.apiKey });
  });

  afterAll(() => system.stop());

  const react = (who: ChatAccount, id: number, form: Record<string, string>) =>
    chat.as(who).post(`/messages/${id}/reactions`, form);
  const unreact = (who: ChatAccount, id: number, form: Record<string, string>) =>
    chat.as(who).delete(`/messages/${id}/reactions`, form);
  const reactionsOf = async (who: ChatAccount, id: number) =>
    (await chat.as(who).get(`/messages/${id}`).expect(200)).body.message.reactions;
  const error = (msg: string, code = 'BAD_REQUEST') => ({ result: 'error', msg, code });

  it('adds and removes through zulip-js, shown in GET /messages/{id} and GET /messages', async () => {
    const id = await chat.toChannel(owner, publicId, 'zulip-js');
    expect(await client.reactions.add({ message_id: id, emoji_name: 'thumbs_up' })).toEqual({
      result: 'success',
      msg: '',
    });
    // Another user's `+1` is a vote for the same emoji: it keeps the first reaction's name.
    await react(owner, id, { emoji_name: '+1' }).expect(200, { result: 'success', msg: '' });
    await react(owner, id, { emoji_name: 'zulip' }).expect(200);
    const both = [
      thumbsUp(member.userId),
      thumbsUp(owner.userId),
      { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji', user_id: owner.userId },
    ];
    expect(await reactionsOf(member, id)).toEqual(both);
    const page = await chat.as(owner).get(`/messages?anchor=${id}&num_before=1&num_after=0`).expect(200);
    const messages = page.body.messages as Array<{ id: number; reactions: unknown }>;
    expect(messages.find((message) => message.id === id)!.reactions).toEqual(both);
    expect(messages.filter((message) => message.id !== id).every((m) => Array.isArray(m.reactions))).toBe(
      true,
    );

    expect(await client.reactions.remove({ message_id: id, emoji_name: 'thumbs_up' })).toEqual({
      result: 'success',
      msg: '',
    });
    await unreact(owner, id, { emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' }).expect(200);
    expect(await reactionsOf(owner, id)).toEqual([thumbsUp(owner.userId)]);
  });

  it('takes an explicit code and type, and a Google name for a code', async () => {
    const id = await chat.direct(owner, [member]);
    await react(member, id, {
      emoji_name: 'tada',
      emoji_code: '1f389',
      reaction_type: 'unicode_emoji',
    }).expect(200);
    await react(member, id, { emoji_name: 'smile' }).expect(200);
    expect(await reactionsOf(owner, id)).toEqual([
      { emoji_name: 'tada', emoji_code: '1f389', reaction_type: 'unicode_emoji', user_id: member.userId },
      // Zulip's `smile` is U+263A (the Google set's is U+1F604).
      { emoji_name: 'smile', emoji_code: '263a', reaction_type: 'unicode_emoji', user_id: member.userId },
    ]);
    await unreact(member, id, { emoji_name: 'tada' }).expect(200);
  });

  it('sends reaction events to a registered queue and to those who hold the message', async () => {
    const registered = await chat.as(owner).post('/register', { event_types: '["reaction"]' }).expect(200);
    const queueId = registered.body.queue_id as string;
    const id = await chat.direct(member, [owner]);
    const events = await chat.recordEvents();
    await react(member, id, { emoji_name: 'thumbs_up' }).expect(200);
    await unreact(member, id, { emoji_name: 'thumbs_up' }).expect(200);
    const event = (op: string) => ({
      type: 'reaction',
      op,
      user_id: member.userId,
      user: { user_id: member.userId, email: member.email, full_name: 'Rea Member' },
      message_id: id,
      emoji_name: 'thumbs_up',
      emoji_code: '1f44d',
      reaction_type: 'unicode_emoji',
    });
    await expectEventually(async () => {
      const polled = await chat
        .as(owner)
        .get(`/events?queue_id=${queueId}&last_event_id=-1&dont_block=true`)
        .expect(200);
      expect(polled.body.events).toEqual([
        { id: 0, ...event('add') },
        { id: 1, ...event('remove') },
      ]);
    });
    const reactionEvents = () => events.filter((e) => e.event['type'] === 'reaction');
    await expectEventually(() =>
      expect(reactionEvents().map((e) => [...e.userIds].sort((a, b) => a - b))).toEqual([
        [owner.userId, member.userId].sort((a, b) => a - b),
        [owner.userId, member.userId].sort((a, b) => a - b),
      ]),
    );
  });

  it("reaching a public channel's history gives the reactor a copy and its events", async () => {
    const id = await chat.toChannel(owner, publicId, 'history');
    expect(await chat.flags(outsider, id)).toBeNull();
    const events = await chat.recordEvents();
    await react(outsider, id, { emoji_name: 'eyes' }).expect(200);
    // historical | read
    expect(await chat.flags(outsider, id)).toBe(128 | 1);
    await expectEventually(() =>
      expect(
        events.filter((e) => e.event['type'] === 'reaction').map((e) => [...e.userIds].sort((a, b) => a - b)),
      ).toEqual([[owner.userId, member.userId, outsider.userId].sort((a, b) => a - b)]),
    );
  });

  it('shows a new message with no reactions in its message event', async () => {
    const events = await chat.recordEvents();
    const id = await chat.direct(owner, [member], 'fresh');
    await expectEventually(() => {
      const sent = events.find(
        (e) => e.event['type'] === 'message' && (e.event['message'] as { id: number }).id === id,
      );
      expect((sent!.event['message'] as { reactions: unknown }).reactions).toEqual([]);
    });
  });

  it('refuses a message the caller cannot access, before looking at the emoji', async () => {
    const secret = await chat.toChannel(owner, secretId, 'private');
    const otherRealm = (await system.createRealm('Elsewhere', 'react-else@example.com')).owner;
    const foreign = await chat.direct(otherRealm, [otherRealm]);
    for (const id of [secret, foreign, 999_999])
      await react(member, id, { emoji_name: 'no_such_emoji' }).expect(400, error('Invalid message(s)'));
    await unreact(member, secret, { emoji_name: 'thumbs_up' }).expect(400, error('Invalid message(s)'));
    // Reacting modifies the message: an archived channel's messages are out of reach.
    const archivedId = await chat.channel(owner, 'archived', [member]);
    const archived = await chat.toChannel(owner, archivedId, 'old');
    await chat.as(owner).delete(`/streams/${archivedId}`).expect(200);
    await react(member, archived, { emoji_name: 'thumbs_up' }).expect(400, error('Invalid message(s)'));
  });

  it.each([
    ['an unknown name', { emoji_name: 'no_such_emoji' }, "Emoji 'no_such_emoji' does not exist"],
    ['a name not matching the code', { emoji_name: 'thumbs_up', emoji_code: '1f44e' }, 'Invalid emoji name.'],
    ['an unknown code', { emoji_name: 'thumbs_up', emoji_code: 'ffff0' }, 'Invalid emoji code.'],
    [
      'a custom emoji (none exist)',
      { emoji_name: 'party', emoji_code: '1', reaction_type: 'realm_emoji' },
      'Invalid custom emoji.',
    ],
    [
      'a Zulip extra emoji of another code',
      { emoji_name: 'zulip', emoji_code: 'octopus', reaction_type: 'zulip_extra_emoji' },
      'Invalid emoji code.',
    ],
    [
      'a Zulip extra emoji of another name',
      { emoji_name: 'zulipcat', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' },
      'Invalid emoji name.',
    ],
    [
      'an unknown type',
      { emoji_name: 'thumbs_up', emoji_code: '1f44d', reaction_type: 'custom' },
      'Invalid emoji type.',
    ],
  ])('refuses %s', async (_case, form, msg) => {
    const id = await chat.direct(owner, [member]);
    await react(member, id, form).expect(400, error(msg));
    expect(await reactionsOf(member, id)).toEqual([]);
  });

  it('refuses a missing name, a second identical reaction and removing one that does not exist', async () => {
    const id = await chat.direct(owner, [member]);
    await react(member, id, {}).expect(400, {
      ...error("Missing 'emoji_name' argument", 'REQUEST_VARIABLE_MISSING'),
      var_name: 'emoji_name',
    });
    await react(member, id, { emoji_name: 'thumbs_up' }).expect(200);
    // Same emoji under another name: still the same reaction.
    await react(member, id, { emoji_name: '+1' }).expect(
      400,
      error('Reaction already exists.', 'REACTION_ALREADY_EXISTS'),
    );
    await unreact(member, id, { emoji_name: 'eyes' }).expect(
      400,
      error("Reaction doesn't exist.", 'REACTION_DOES_NOT_EXIST'),
    );
    // Removing defaults the type to unicode_emoji.
    await unreact(member, id, { emoji_code: '1f44d', reaction_type: 'zulip_extra_emoji' }).expect(
      400,
      error("Reaction doesn't exist.", 'REACTION_DOES_NOT_EXIST'),
    );
    await unreact(member, id, {}).expect(
      400,
      error('At least one of the following arguments must be present: emoji_name, emoji_code'),
    );
    await unreact(member, id, { emoji_name: 'no_such_emoji' }).expect(
      400,
      error("Emoji 'no_such_emoji' does not exist"),
    );
    await unreact(member, id, { emoji_code: '1f44d' }).expect(200);
  });
});
