import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { apiGatewayDefinition } from '@apps/api-gateway';
import zulipInit, { type ZulipClient } from 'zulip-js';
import { ChatActions } from './chat-actions.js';
import { type ChatAccount, ChatTestSystem } from './chat-test-system.js';

interface UnreadState {
  count: number;
  streams: Array<{ stream_id: number; topic: string; unread_message_ids: number[] }>;
  pms: Array<{ other_user_id: number; unread_message_ids: number[] }>;
}

const NO_PERMISSION = "You don't have permission to delete this message";
const LIMIT_PASSED = 'The time limit for deleting this message has passed';
const badRequest = (msg: string) => ({ result: 'error', msg, code: 'BAD_REQUEST' });
// zulip-js's deleteById also sends message_id as a parameter; the endpoint reads it from the path
// only (Zulip's PathOnly), so it is reported as ignored.
const viaZulipJs = { result: 'success', msg: '', ignored_parameters_unsupported: ['message_id'] };

// DELETE /messages/{message_id}: Zulip 11's permissions (realm can_delete_any_message_group,
// can_delete_own_message_group and its 600-second limit), the delete_message event, and the
// message gone from narrows, topic lists and unread counts.
describe('DELETE /messages/{message_id} through the gateway', () => {
  let system: ChatTestSystem;
  let chat: ChatActions;
  let owner: ChatAccount;
  let ann: ChatAccount;
  let ben: ChatAccount;
  let stranger: ChatAccount;
  let admin: ChatAccount;
  let guest: ChatAccount;
  let annClient: ZulipClient;
  let roomId: number;
  let bot: ChatAccount;

  const remove = (who: ChatAccount, id: number) => chat.as(who).delete(`/messages/${id}`);
  // Current clients declare bulk_message_deletion; older ones get one event per message.
  const register = (who: ChatAccount, types: string[], bulk = true) =>
    chat.registerQueue(who, types, { bulk_message_deletion: bulk });
  const poll = (who: ChatAccount, queueId: string, count: number) => chat.queuedEvents(who, queueId, count);
  const unread = async (who: ChatAccount): Promise<UnreadState> =>
    (
      await chat
        .as(who)
        .post('/register', { fetch_event_types: '["message", "update_message_flags"]' })
        .expect(200)
    ).body.unread_msgs;

  beforeAll(async () => {
    system = await ChatTestSystem.start(apiGatewayDefinition, { CHAT_RATE_LIMIT_REQUESTS: '1000' });
    chat = new ChatActions(system);
    owner = (await system.createRealm('deletions', 'del-owner@example.com')).owner;
    ann = await system.createUser(owner, 'del-ann@example.com', 'Ann Lee');
    ben = await system.createUser(owner, 'del-ben@example.com', 'Ben Kim');
    stranger = (await system.createRealm('elsewhere', 'del-elsewhere@example.com')).owner;
    admin = await system.createUser(owner, 'del-admin@example.com', 'Ada Admin');
    await system.setRole(owner, admin, 200);
    guest = await system.createUser(owner, 'del-guest@example.com', 'Gus Guest');
    await system.setRole(owner, guest, 600);
    roomId = await chat.channel(owner, 'room', [ann, ben]);
    annClient = await zulipInit({ realm: system.gatewayUrl, username: ann.email, apiKey: ann.apiKey });
    const created = await chat
      .as(ann)
      .post('/bots', { full_name: 'Ann Bot', short_name: 'annbot' })
      .expect(200);
    bot = {
      userId: created.body.user_id,
      email: `annbot-bot@${new URL(system.gatewayUrl).hostname}`,
      apiKey: created.body.api_key,
    };
  });

  afterAll(() => system.stop());

  it('advertises in POST /register the realm settings it enforces', async () => {
    const state = await chat.registeredState<
      Record<string, unknown> & { realm_user_groups: Array<{ id: number; name: string }> }
    >(ann, ['realm', 'realm_user_groups']);
    const group = (name: string) => state.realm_user_groups.find((candidate) => candidate.name === name)!.id;
    expect(state['realm_can_delete_any_message_group']).toBe(group('role:administrators'));
    expect(state['realm_can_delete_own_message_group']).toBe(group('role:everyone'));
    expect(state['realm_message_content_delete_limit_seconds']).toBe(600);
  });

  it("deletes one's own channel message: gone from narrows, topic lists and unread counts, announced", async () => {
    const kept = await chat.toChannel(ann, roomId, 'Plans', 'kept');
    const doomed = await chat.toChannel(ann, roomId, 'Plans', 'doomed');
    const alone = await chat.toChannel(ann, roomId, 'Solo', 'only message of its topic');
    const before = await unread(ben);
    const benQueue = await register(ben, ['delete_message']);
    const annQueue = await register(ann, ['delete_message']);

    expect(await annClient.messages.deleteById({ message_id: doomed })).toEqual(viaZulipJs);
    expect(await annClient.callEndpoint(`/messages/${alone}`, 'DELETE')).toEqual({
      result: 'success',
      msg: '',
    });

    // Zulip groups deletions by lower-cased topic and names it so.
    const announced = (id: number, topic: string) => ({
      type: 'delete_message',
      message_type: 'stream',
      stream_id: roomId,
      topic,
      message_ids: [id],
    });
    for (const [who, queue] of [
      [ben, benQueue],
      [ann, annQueue],
    ] as const)
      expect(await poll(who, queue.queue_id, 2)).toEqual([
        { id: 0, ...announced(doomed, 'plans') },
        { id: 1, ...announced(alone, 'solo') },
      ]);

    expect((await chat.as(ben).get(`/messages/${doomed}`).expect(400)).body).toEqual(
      badRequest('Invalid message(s)'),
    );
    const narrow = JSON.stringify([{ operator: 'channel', operand: roomId }]);
    const listed = await chat
      .as(ben)
      .get(`/messages?anchor=newest&num_before=50&narrow=${narrow}`)
      .expect(200);
    const ids = (listed.body.messages as Array<{ id: number }>).map((message) => message.id);
    expect(ids).toContain(kept);
    expect(ids).not.toContain(doomed);
    expect(ids).not.toContain(alone);

    const topics = (await chat.as(ben).get(`/users/me/${roomId}/topics`).expect(200)).body.topics as Array<{
      name: string;
      max_id: number;
    }>;
    expect(topics.find((topic) => topic.name === 'Plans')).toEqual({ name: 'Plans', max_id: kept });
    expect(topics.find((topic) => topic.name === 'Solo')).toBeUndefined();

    const after = await unread(ben);
    expect(after.count).toBe(before.count - 2);
    const unreadIds = after.streams.flatMap((entry) => entry.unread_message_ids);
    expect(unreadIds).toContain(kept);
    expect(unreadIds).not.toContain(doomed);
    expect(after.streams.some((entry) => entry.topic === 'Solo')).toBe(false);
  });

  it('refuses the sender past the realm limit of 600 seconds; an administrator may still delete', async () => {
    const recent = await chat.toChannel(ann, roomId, 'limits', 'ten minutes old');
    await chat.ageMessage(recent, 599);
    await remove(ann, recent).expect(200);
    const old = await chat.toChannel(ann, roomId, 'limits', 'eleven minutes old');
    await chat.ageMessage(old, 660);
    expect((await remove(ann, old).expect(400)).body).toEqual(badRequest(LIMIT_PASSED));
    await remove(owner, old).expect(200);
  });

  it("refuses a member someone else's message, and lets an administrator delete it with its reactions", async () => {
    const bens = await chat.toChannel(ben, roomId, 'others', "Ben's");
    await chat.as(ann).post(`/messages/${bens}/reactions`, { emoji_name: 'thumbs_up' }).expect(200);
    expect((await remove(ann, bens).expect(400)).body).toEqual(badRequest(NO_PERMISSION));
    await remove(admin, bens).expect(200);
    // Its reactions went with it.
    const [{ left }] = (await system.chatApi.app
      .get(DataSource)
      .query('SELECT count(*)::int AS "left" FROM "chat"."reaction" WHERE "message_id" = $1', [bens])) as [
      { left: number },
    ];
    expect(left).toBe(0);
  });

  it("lets a bot's owner delete the bot's messages, and no other member", async () => {
    const fromBot = await chat.toChannel(bot, roomId, 'bots', 'beep');
    expect((await remove(ben, fromBot).expect(400)).body).toEqual(badRequest(NO_PERMISSION));
    await remove(ann, fromBot).expect(200);
    const fromBotAgain = await chat.toChannel(bot, roomId, 'bots', 'beep again');
    await remove(bot, fromBotAgain).expect(200);
  });

  it('answers Invalid message(s) for another realm, a missing or deleted message, and a foreign direct message', async () => {
    const foreign = await chat.toChannel(stranger, await chat.channel(stranger, 'theirs'), 'x', 'not yours');
    expect((await remove(owner, foreign).expect(400)).body).toEqual(badRequest('Invalid message(s)'));
    const gone = await chat.toChannel(ann, roomId, 'twice', 'once');
    await remove(ann, gone).expect(200);
    expect((await remove(ann, gone).expect(400)).body).toEqual(badRequest('Invalid message(s)'));
    expect((await remove(ann, 2147483647).expect(400)).body).toEqual(badRequest('Invalid message(s)'));
    // The owner holds no copy of Ann's direct message to Ben: not even an administrator sees it.
    const direct = await chat.direct(ann, [ben], 'private');
    expect((await remove(owner, direct).expect(400)).body).toEqual(badRequest('Invalid message(s)'));
    await remove(ann, direct).expect(200);
  });

  it('lets a guest delete their own messages (can_delete_own_message_group is role:everyone)', async () => {
    const fromGuest = await chat.direct(guest, [ann], 'from a guest');
    const toGuest = await chat.direct(ann, [guest], 'to a guest');
    expect((await remove(guest, toGuest).expect(400)).body).toEqual(badRequest(NO_PERMISSION));
    await remove(guest, fromGuest).expect(200);
  });

  it("keeps an archived channel's messages: Invalid message(s), even for an administrator", async () => {
    const archived = await chat.channel(owner, 'attic', [ann]);
    const stored = await chat.toChannel(ann, archived, 'old', 'kept forever');
    await chat.as(owner).delete(`/streams/${archived}`).expect(200);
    expect((await remove(ann, stored).expect(400)).body).toEqual(badRequest('Invalid message(s)'));
    expect((await remove(owner, stored).expect(400)).body).toEqual(badRequest('Invalid message(s)'));
  });

  it('deletes a direct message for both sides, announced to them alone', async () => {
    const direct = await chat.direct(ann, [ben], 'psst');
    const before = await unread(ben);
    expect(before.pms.flatMap((entry) => entry.unread_message_ids)).toContain(direct);
    const benQueue = await register(ben, ['delete_message']);
    const benOldClient = await register(ben, ['delete_message'], false);
    const ownerQueue = await register(owner, ['delete_message']);
    // The recipient did not send it.
    expect((await remove(ben, direct).expect(400)).body).toEqual(badRequest(NO_PERMISSION));
    expect(await annClient.messages.deleteById({ message_id: direct })).toEqual(viaZulipJs);
    expect(await poll(ben, benQueue.queue_id, 1)).toEqual([
      { id: 0, type: 'delete_message', message_type: 'private', message_ids: [direct] },
    ]);
    expect(await poll(ben, benOldClient.queue_id, 1)).toEqual([
      { id: 0, type: 'delete_message', message_type: 'private', message_id: direct },
    ]);
    const after = await unread(ben);
    expect(after.count).toBe(before.count - 1);
    expect(after.pms.flatMap((entry) => entry.unread_message_ids)).not.toContain(direct);
    const ownerEvents = await chat
      .as(owner)
      .get(`/events?queue_id=${ownerQueue.queue_id}&last_event_id=-1&dont_block=true`)
      .expect(200);
    expect(ownerEvents.body.events).toEqual([]);
  });

  it('tells the channel its new first_message_id when its first message goes', async () => {
    const fresh = await chat.channel(owner, 'fresh', [ben]);
    const first = (
      await chat
        .as(owner)
        .get(
          `/messages?anchor=oldest&num_after=1&narrow=${JSON.stringify([{ operator: 'channel', operand: fresh }])}`,
        )
        .expect(200)
    ).body.messages[0].id as number;
    const second = await chat.toChannel(ben, fresh, 'later', 'second');
    const benQueue = await register(ben, ['stream', 'delete_message']);
    await remove(owner, first).expect(200);
    expect(await poll(ben, benQueue.queue_id, 2)).toEqual([
      {
        id: 0,
        type: 'stream',
        op: 'update',
        property: 'first_message_id',
        value: second,
        stream_id: fresh,
        name: 'fresh',
      },
      {
        id: 1,
        type: 'delete_message',
        message_type: 'stream',
        stream_id: fresh,
        topic: 'channel events',
        message_ids: [first],
      },
    ]);
  });
});
