import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { expectEventually } from '@platform/test-support';
import zulipInit, { type ZulipClient } from 'zulip-js';
import { ChatActions } from './chat-actions.js';
import { type ChatAccount, ChatTestSystem } from './chat-test-system.js';

interface Shown {
  id: number;
  content: string;
  subject: string;
  sender_id: number;
  flags: string[];
  edit_history?: Array<Record<string, unknown>>;
  last_edit_timestamp?: number;
  last_moved_timestamp?: number;
}

const badRequest = (msg: string) => ({ result: 'error', msg, code: 'BAD_REQUEST' });
// zulip-js's messages.update also sends message_id as a parameter; the endpoint reads it from
// the path only (Zulip's PathOnly), so it is reported as ignored.
const viaZulipJs = { result: 'success', msg: '', ignored_parameters_unsupported: ['message_id'] };
const DAY = 24 * 60 * 60;

// PATCH /messages/{message_id} and GET /messages/{message_id}/history as Zulip 11: content edits
// of one's own messages within 600 seconds, topic moves by propagate_mode with the Notification
// Bot's breadcrumbs, resolving topics, edit history, and update_message events.
describe('PATCH /messages/{message_id} through the gateway', () => {
  let system: ChatTestSystem;
  let chat: ChatActions;
  let owner: ChatAccount;
  let ann: ChatAccount;
  let ben: ChatAccount;
  let stranger: ChatAccount;
  let annClient: ZulipClient;
  let roomId: number;
  let botId: number;
  let guest: ChatAccount;

  const edit = (who: ChatAccount, id: number, form: Record<string, string>) =>
    chat.as(who).patch(`/messages/${id}`, form);
  const register = (who: ChatAccount, types: string[], emptyTopicName = true) =>
    chat.registerQueue(who, types, { empty_topic_name: emptyTopicName, bulk_message_deletion: true });
  // The queue's events about these messages, once there are `count` of them: an earlier test's
  // edit may reach a queue registered after it (events are relayed after the response).
  const poll = (who: ChatAccount, queueId: string, count: number, about: readonly number[]) =>
    chat.queuedEvents<Record<string, unknown>>(who, queueId, count, (event) =>
      (event['message_ids'] as number[]).some((id) => about.includes(id)),
    );
  const shown = async (who: ChatAccount, id: number): Promise<Shown> =>
    (await chat.as(who).get(`/messages/${id}?apply_markdown=false`).expect(200)).body.message as Shown;
  // The messages of a channel topic, oldest first, as raw Markdown.
  const topicMessages = async (who: ChatAccount, topic: string, channelId = roomId): Promise<Shown[]> => {
    const narrow = JSON.stringify([
      { operator: 'channel', operand: channelId },
      { operator: 'topic', operand: topic },
    ]);
    const listed = await chat
      .as(who)
      .get(`/messages?anchor=newest&num_before=50&apply_markdown=false&narrow=${encodeURIComponent(narrow)}`)
      .expect(200);
    return listed.body.messages as Shown[];
  };
  const topicNames = async (who: ChatAccount, channelId = roomId) =>
    (
      (await chat.as(who).get(`/users/me/${channelId}/topics`).expect(200)).body.topics as Array<{
        name: string;
      }>
    ).map((topic) => topic.name);

  beforeAll(async () => {
    system = await ChatTestSystem.start(apiGatewayDefinition, { CHAT_RATE_LIMIT_REQUESTS: '1000' });
    chat = new ChatActions(system);
    owner = (await system.createRealm('editing', 'edit-owner@example.com')).owner;
    ann = await system.createUser(owner, 'edit-ann@example.com', 'Ann Lee');
    ben = await system.createUser(owner, 'edit-ben@example.com', 'Ben Kim');
    stranger = (await system.createRealm('elsewhere', 'edit-elsewhere@example.com')).owner;
    guest = await system.createUser(owner, 'edit-guest@example.com', 'Gus Guest');
    await system.setRole(owner, guest, 600);
    roomId = await chat.channel(owner, 'room', [ann, ben, guest]);
    annClient = await zulipInit({ realm: system.gatewayUrl, username: ann.email, apiKey: ann.apiKey });
    const bots = await chat.crossRealmBots(ann);
    botId = bots.find((bot) => bot['full_name'] === 'Notification Bot')!.user_id;
  });

  afterAll(() => system.stop());

  it('advertises in POST /register the realm settings it enforces', async () => {
    const state = await chat.registeredState<
      Record<string, unknown> & { realm_user_groups: Array<{ id: number; name: string }> }
    >(ann, ['realm', 'realm_user_groups']);
    const group = (name: string) => state.realm_user_groups.find((candidate) => candidate.name === name)!.id;
    expect(state).toMatchObject({
      realm_allow_message_editing: true,
      realm_message_content_edit_limit_seconds: 600,
      realm_move_messages_within_stream_limit_seconds: 7 * DAY,
      realm_move_messages_between_streams_limit_seconds: 7 * DAY,
      realm_allow_edit_history: true,
      realm_can_move_messages_between_topics_group: group('role:everyone'),
      realm_can_move_messages_between_channels_group: group('role:members'),
      realm_can_resolve_topics_group: group('role:everyone'),
    });
  });

  it("edits one's own message through zulip-js: re-rendered, mentions recomputed, announced, recorded", async () => {
    const id = await chat.toChannel(ann, roomId, 'Plans', 'hello');
    const benQueue = await register(ben, ['update_message']);
    const annQueue = await register(ann, ['update_message']);

    expect(await annClient.messages.update({ message_id: id, content: 'hi @**Ben Kim**' })).toEqual(
      viaZulipJs,
    );

    const mention = `<p>hi <span class="user-mention" data-user-id="${ben.userId}">@Ben Kim</span></p>`;
    const [benEvent] = await poll(ben, benQueue.queue_id, 1, [id]);
    const [annEvent] = await poll(ann, annQueue.queue_id, 1, [id]);
    const editedAt = benEvent!['edit_timestamp'] as number;
    const common = {
      id: expect.any(Number),
      type: 'update_message',
      user_id: ann.userId,
      edit_timestamp: editedAt,
      message_id: id,
      rendering_only: false,
      orig_content: 'hello',
      orig_rendered_content: '<p>hello</p>',
      content: 'hi @**Ben Kim**',
      rendered_content: mention,
      is_me_message: false,
      stream_name: 'room',
      stream_id: roomId,
      message_ids: [id],
    };
    expect(benEvent).toEqual({ ...common, flags: ['mentioned'] });
    expect(annEvent).toEqual({ ...common, flags: ['read'] });

    const seen = await shown(ben, id);
    expect(seen.content).toBe('hi @**Ben Kim**');
    expect(seen.flags).toEqual(['mentioned']);
    expect(seen.last_edit_timestamp).toBe(editedAt);
    expect(seen.last_moved_timestamp).toBeUndefined();
    expect(seen.edit_history).toEqual([
      {
        user_id: ann.userId,
        timestamp: editedAt,
        prev_content: 'hello',
        prev_rendered_content: '<p>hello</p>',
      },
    ]);

    // The mention goes with the next edit.
    await edit(ann, id, { content: 'hi all' }).expect(200);
    expect((await shown(ben, id)).flags).toEqual([]);

    const history = (await chat.as(ben).get(`/messages/${id}/history`).expect(200)).body;
    expect(history.result).toBe('success');
    expect(
      (history.message_history as Array<Record<string, unknown>>).map(
        ({ content, prev_content, topic, user_id }) => ({
          content,
          prev_content,
          topic,
          user_id,
        }),
      ),
    ).toEqual([
      { content: 'hello', prev_content: undefined, topic: 'Plans', user_id: ann.userId },
      { content: 'hi @**Ben Kim**', prev_content: 'hello', topic: 'Plans', user_id: ann.userId },
      { content: 'hi all', prev_content: 'hi @**Ben Kim**', topic: 'Plans', user_id: ann.userId },
    ]);
  });

  it('recomputes wildcard flags: @all for every recipient, @topic for those who took part', async () => {
    await chat.toChannel(ben, roomId, 'Wild', 'I was here');
    const id = await chat.toChannel(ann, roomId, 'Wild', 'plain');
    await edit(ann, id, { content: '@**topic** look' }).expect(200);
    expect((await shown(ben, id)).flags).toEqual(['topic_wildcard_mentioned', 'wildcard_mentioned']);
    expect((await shown(guest, id)).flags).toEqual([]);
    await edit(ann, id, { content: '@**all** look' }).expect(200);
    expect((await shown(ben, id)).flags).toEqual(['stream_wildcard_mentioned', 'wildcard_mentioned']);
    expect((await shown(guest, id)).flags).toEqual(['stream_wildcard_mentioned', 'wildcard_mentioned']);
  });

  it('edits a direct message for its participants', async () => {
    const id = await chat.direct(ann, [ben], 'see you at 5');
    const benQueue = await register(ben, ['update_message']);
    await edit(ann, id, { content: 'see you at 6, @**Ben Kim**' }).expect(200);
    const [edited] = await poll(ben, benQueue.queue_id, 1, [id]);
    expect(edited).toEqual({
      id: expect.any(Number),
      type: 'update_message',
      user_id: ann.userId,
      edit_timestamp: edited!['edit_timestamp'],
      message_id: id,
      rendering_only: false,
      orig_content: 'see you at 5',
      orig_rendered_content: '<p>see you at 5</p>',
      content: 'see you at 6, @**Ben Kim**',
      rendered_content: `<p>see you at 6, <span class="user-mention" data-user-id="${ben.userId}">@Ben Kim</span></p>`,
      is_me_message: false,
      message_ids: [id],
      flags: ['mentioned'],
    });
    expect(await annClient.callEndpoint(`/messages/${id}/history`, 'GET')).toMatchObject({
      result: 'success',
      message_history: [
        { content: 'see you at 5' },
        { content: 'see you at 6, @**Ben Kim**', prev_content: 'see you at 5' },
      ],
    });
  });

  it('keeps the history a chain when two edits race: each records what it replaced', async () => {
    const id = await chat.toChannel(ann, roomId, 'Race', 'v0');
    await Promise.all([
      edit(ann, id, { content: 'v1' }).expect(200),
      edit(ann, id, { content: 'v2' }).expect(200),
    ]);
    const { content, edit_history: history } = await shown(ann, id);
    // Whichever came last replaced the other's content, which replaced v0.
    expect(history?.map((entry) => entry['prev_content'])).toEqual([content === 'v1' ? 'v2' : 'v1', 'v0']);
  });

  it('refuses content edits by others, past 600 seconds and its 20-second grace, and malformed edits', async () => {
    const id = await chat.toChannel(ann, roomId, 'Rules', 'original');
    expect((await edit(ben, id, { content: 'mine now' }).expect(400)).body).toEqual(
      badRequest("You don't have permission to edit this message"),
    );
    expect((await edit(ann, id, {}).expect(400)).body).toEqual(badRequest('Nothing to change'));
    expect((await edit(ann, id, { topic: 'Rules' }).expect(400)).body).toEqual(
      badRequest('Nothing to change'),
    );
    expect((await edit(ann, id, { content: 'x', propagate_mode: 'change_all' }).expect(400)).body).toEqual(
      badRequest('Invalid propagate_mode without topic edit'),
    );
    expect((await edit(ann, id, { topic: 'x', propagate_mode: 'all' }).expect(400)).body).toEqual(
      badRequest('Invalid propagate_mode'),
    );
    expect((await edit(ann, id, { topic: '✔' }).expect(400)).body).toEqual(
      badRequest('General chat cannot be marked as resolved'),
    );
    expect(
      (await edit(ann, id, { content: 'x', send_notification_to_new_thread: 'yes' }).expect(400)).body,
    ).toEqual(badRequest('send_notification_to_new_thread is not valid JSON'));
    expect((await edit(ann, id, { content: 'a\u0000b' }).expect(400)).body).toEqual(
      badRequest('Message must not contain null bytes'),
    );
    expect((await edit(ann, id, { topic: 'tab\there' }).expect(400)).body).toEqual(
      badRequest('Invalid character in topic, at position 4!'),
    );
    const direct = await chat.direct(ann, [ben], 'psst');
    expect((await edit(ann, direct, { topic: 'x' }).expect(400)).body).toEqual(
      badRequest('Direct messages cannot have topics.'),
    );

    await chat.ageMessage(id, 615);
    await edit(ann, id, { content: 'still in the grace period' }).expect(200);
    await chat.ageMessage(id, 625);
    expect((await edit(ann, id, { content: 'too late' }).expect(400)).body).toEqual(
      badRequest('The time limit for editing this message has passed'),
    );
    // A topic change has its own, longer limit.
    await edit(ann, id, { topic: 'Rules, renamed' }).expect(200);
  });

  it('answers Invalid message(s) for what the caller cannot reach', async () => {
    const foreign = await chat.toChannel(stranger, await chat.channel(stranger, 'theirs'), 'x', 'not yours');
    expect((await edit(owner, foreign, { content: 'x' }).expect(400)).body).toEqual(
      badRequest('Invalid message(s)'),
    );
    expect((await chat.as(owner).get(`/messages/${foreign}/history`).expect(400)).body).toEqual(
      badRequest('Invalid message(s)'),
    );
    expect((await edit(ann, 2147483647, { content: 'x' }).expect(400)).body).toEqual(
      badRequest('Invalid message(s)'),
    );
    const direct = await chat.direct(ann, [ben], 'between us');
    expect((await edit(owner, direct, { content: 'x' }).expect(400)).body).toEqual(
      badRequest('Invalid message(s)'),
    );
  });

  it('moves a whole topic (change_all) in one go: topic lists, unread counts, events and a breadcrumb follow', async () => {
    const ids = [
      await chat.toChannel(ann, roomId, 'Trip', 'one'),
      await chat.toChannel(ann, roomId, 'Trip', 'two'),
      await chat.toChannel(ann, roomId, 'Trip', 'three'),
    ];
    const annQueue = await register(ann, ['update_message']);

    // Ben did not send them: members may move any topic (can_move_messages_between_topics_group).
    await edit(ben, ids[1]!, { topic: 'Journey', propagate_mode: 'change_all' }).expect(200);

    const [moved] = await poll(ann, annQueue.queue_id, 1, ids);
    expect(moved).toEqual({
      id: expect.any(Number),
      type: 'update_message',
      user_id: ben.userId,
      edit_timestamp: moved!['edit_timestamp'],
      message_id: ids[1],
      rendering_only: false,
      stream_name: 'room',
      stream_id: roomId,
      propagate_mode: 'change_all',
      orig_subject: 'Trip',
      subject: 'Journey',
      topic_links: [],
      message_ids: ids,
      flags: ['read'],
    });

    const journey = await topicMessages(ann, 'Journey');
    expect(journey.map((message) => message.id).slice(0, 3)).toEqual(ids);
    expect(journey[3]).toMatchObject({
      sender_id: botId,
      content: `This topic was moved here from #**room>Trip** by @_**Ben Kim|${ben.userId}**.`,
    });
    const movedAt = moved!['edit_timestamp'];
    for (const message of journey.slice(0, 3)) {
      expect(message.last_moved_timestamp).toBe(movedAt);
      expect(message.last_edit_timestamp).toBeUndefined();
      expect(message.edit_history).toEqual([
        { user_id: ben.userId, timestamp: movedAt, prev_topic: 'Trip', topic: 'Journey' },
      ]);
    }
    expect(await topicMessages(ann, 'Trip')).toEqual([]);
    const topics = await topicNames(ben);
    expect(topics).toContain('Journey');
    expect(topics).not.toContain('Trip');
    // Ben's unread copies moved with the topic; the mover reads the notice already.
    const unread = (
      await chat
        .as(ben)
        .post('/register', { fetch_event_types: '["message", "update_message_flags"]' })
        .expect(200)
    ).body.unread_msgs.streams as Array<{ topic: string; unread_message_ids: number[] }>;
    expect(unread.find((entry) => entry.topic === 'Journey')?.unread_message_ids).toEqual(ids);
    expect(unread.some((entry) => entry.topic === 'Trip')).toBe(false);
  });

  it('moves one message or the later ones, telling both topics when asked', async () => {
    const ids = [
      await chat.toChannel(ann, roomId, 'Mix', 'a'),
      await chat.toChannel(ann, roomId, 'Mix', 'b'),
      await chat.toChannel(ann, roomId, 'Mix', 'c'),
    ];
    const mention = `@_**Ann Lee|${ann.userId}**`;
    await edit(ann, ids[1]!, {
      topic: 'Split',
      propagate_mode: 'change_later',
      send_notification_to_old_thread: 'true',
    }).expect(200);
    const split = await topicMessages(ann, 'Split');
    expect(split.map((message) => message.id).slice(0, 2)).toEqual([ids[1], ids[2]]);
    expect(split[2]!.content).toBe(`2 messages were moved here from #**room>Mix** by ${mention}.`);
    const mix = await topicMessages(ann, 'Mix');
    expect(mix.map((message) => message.id)[0]).toBe(ids[0]);
    expect(mix[1]!.content).toBe(`2 messages were moved from this topic to #**room>Split** by ${mention}.`);

    await edit(ann, ids[0]!, { topic: 'Split', send_notification_to_new_thread: 'false' }).expect(200);
    expect((await topicMessages(ann, 'Split')).map((message) => message.id)).toContain(ids[0]);
    // Only the old topic's breadcrumb is left there; no new one was asked for.
    expect((await topicMessages(ann, 'Split')).filter((message) => message.sender_id === botId)).toHaveLength(
      1,
    );

    const single = await chat.toChannel(ann, roomId, 'Mix', 'alone');
    // zulip-js moves a message as it edits one.
    expect(await annClient.messages.update({ message_id: single, topic: 'Split' })).toEqual(viaZulipJs);
    const lastNotice = (await topicMessages(ann, 'Split')).at(-1)!;
    expect(lastNotice.content).toBe(
      `[A message](${system.gatewayUrl}/#narrow/channel/${roomId}-room/topic/Split/near/${single}) was moved here from #**room>Mix** by ${mention}.`,
    );
  });

  it("limits topic moves to a week for members, not for moderators; the week counts from the message's date", async () => {
    const id = await chat.toChannel(ann, roomId, 'Old news', 'from last month');
    await chat.ageMessage(id, 30 * DAY);
    expect((await edit(ben, id, { topic: 'Archive' }).expect(400)).body).toEqual(
      badRequest("The time limit for editing this message's topic has passed."),
    );
    await edit(owner, id, { topic: 'Archive' }).expect(200);
    expect((await shown(ann, id)).subject).toBe('Archive');

    // Moving a whole topic, every message in it must be young enough.
    const older = await chat.toChannel(ann, roomId, 'Mixed ages', 'old');
    const newer = await chat.toChannel(ann, roomId, 'Mixed ages', 'new');
    await chat.ageMessage(older, 8 * DAY);
    expect(
      (await edit(ben, newer, { topic: 'Sorted', propagate_mode: 'change_all' }).expect(400)).body,
    ).toEqual({
      result: 'error',
      msg: 'You only have permission to move the 1/2 most recent messages in this topic.',
      code: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
      first_message_id_allowed_to_move: newer,
      total_messages_in_topic: 2,
      total_messages_allowed_to_move: 1,
    });
    await edit(ben, newer, { topic: 'Sorted', propagate_mode: 'change_later' }).expect(200);
    await edit(owner, older, { topic: 'Sorted', propagate_mode: 'change_all' }).expect(200);
    expect((await topicMessages(ann, 'Sorted')).map((message) => message.id).slice(0, 2)).toEqual([
      older,
      newer,
    ]);
  });

  it('resolves and unresolves a topic: a notice, no last_moved_timestamp, and the history records it', async () => {
    const ids = [
      await chat.toChannel(ann, roomId, 'Bug', 'broken'),
      await chat.toChannel(ben, roomId, 'Bug', 'fixed'),
    ];
    await chat.ageMessage(ids[0]!, 30 * DAY);
    const benQueue = await register(ben, ['update_message']);
    // Resolving has no time limit (can_resolve_topics_group is everyone).
    await edit(ben, ids[0]!, { topic: '✔ Bug', propagate_mode: 'change_all' }).expect(200);
    const [resolved] = await poll(ben, benQueue.queue_id, 1, ids);
    expect(resolved).toMatchObject({ orig_subject: 'Bug', subject: '✔ Bug', message_ids: ids });

    const inResolved = await topicMessages(ann, '✔ Bug');
    expect(inResolved.map((message) => message.id).slice(0, 2)).toEqual(ids);
    expect(inResolved[2]).toMatchObject({
      sender_id: botId,
      content: `@_**Ben Kim|${ben.userId}** has marked this topic as resolved.`,
      // The notice arrives read (resolved_topic_notice_auto_read_policy "except_followed").
      flags: ['read'],
    });
    expect(inResolved).toHaveLength(3);
    for (const message of inResolved.slice(0, 2)) {
      expect(message.last_moved_timestamp).toBeUndefined();
      expect(message.edit_history).toEqual([
        { user_id: ben.userId, timestamp: resolved!['edit_timestamp'], prev_topic: 'Bug', topic: '✔ Bug' },
      ]);
    }

    // Past the 60-second grace period, unresolving is announced.
    await chat.ageMessage(inResolved[2]!.id, 61);
    await edit(ann, ids[1]!, { topic: 'Bug', propagate_mode: 'change_all' }).expect(200);
    const reopened = await topicMessages(ann, 'Bug');
    expect(reopened.at(-1)).toMatchObject({
      sender_id: botId,
      content: `@_**Ann Lee|${ann.userId}** has marked this topic as unresolved.`,
    });
    expect(reopened.map((message) => message.id)).toEqual(expect.arrayContaining(ids));
  });

  it('takes the notice back when a resolution is undone within 60 seconds', async () => {
    const id = await chat.toChannel(ann, roomId, 'Oops', 'resolved by mistake');
    await edit(ann, id, { topic: '✔ Oops', propagate_mode: 'change_all' }).expect(200);
    const [, notice] = await topicMessages(ann, '✔ Oops');
    expect(notice).toMatchObject({ sender_id: botId });
    const benQueue = await register(ben, ['delete_message']);

    await edit(ann, id, { topic: 'Oops', propagate_mode: 'change_all' }).expect(200);

    expect((await topicMessages(ann, 'Oops')).map((message) => message.id)).toEqual([id]);
    expect(await topicMessages(ann, '✔ Oops')).toEqual([]);
    const deleted = await expectEventually(async () => {
      const polled = await chat
        .as(ben)
        .get(`/events?queue_id=${benQueue.queue_id}&last_event_id=-1&dont_block=true`)
        .expect(200);
      const events = (polled.body.events as Array<Record<string, unknown>>).filter((event) =>
        (event['message_ids'] as number[]).includes(notice!.id),
      );
      expect(events).toHaveLength(1);
      return events;
    });
    expect(deleted).toEqual([
      {
        id: expect.any(Number),
        type: 'delete_message',
        message_type: 'stream',
        stream_id: roomId,
        topic: 'oops',
        message_ids: [notice!.id],
      },
    ]);
  });

  it('tells a client without empty_topic_name the empty topic by its display name', async () => {
    const id = await chat.toChannel(ann, roomId, '', 'in general chat');
    const oldClient = await register(ben, ['update_message'], false);
    await edit(ann, id, { topic: 'Named' }).expect(200);
    const [moved] = await poll(ben, oldClient.queue_id, 1, [id]);
    expect(moved).toMatchObject({ orig_subject: 'general chat', subject: 'Named' });
  });
  it('moves a topic to another channel: copies, events and breadcrumbs on both sides', async () => {
    const loungeId = await chat.channel(owner, 'lounge', [ann]);
    const ids = [
      await chat.toChannel(ann, roomId, 'Travel', 'packing'),
      await chat.toChannel(ben, roomId, 'Travel', 'tickets'),
    ];
    const benQueue = await register(ben, ['update_message', 'delete_message']);
    const guestQueue = await register(guest, ['update_message', 'delete_message']);

    await edit(ann, ids[0]!, {
      stream_id: String(loungeId),
      propagate_mode: 'change_all',
      send_notification_to_old_thread: 'true',
    }).expect(200);

    const [moved] = await poll(ben, benQueue.queue_id, 1, ids);
    expect(moved).toEqual({
      id: expect.any(Number),
      type: 'update_message',
      user_id: ann.userId,
      edit_timestamp: moved!['edit_timestamp'],
      message_id: ids[0],
      rendering_only: false,
      stream_name: 'room',
      stream_id: roomId,
      propagate_mode: 'change_all',
      orig_subject: 'Travel',
      new_stream_id: loungeId,
      message_ids: ids,
      // Ben is not in the lounge: his copies went, he hears of the move as a subscriber of room.
      flags: ['read'],
    });
    // A guest not in the new channel can no longer read them: they are deleted for them.
    expect(await poll(guest, guestQueue.queue_id, 1, ids)).toEqual([
      {
        id: expect.any(Number),
        type: 'delete_message',
        message_type: 'stream',
        stream_id: roomId,
        topic: 'Travel',
        message_ids: ids,
      },
    ]);
    expect(await chat.flags(ben, ids[0]!)).toBeNull();

    const arrived = await topicMessages(ann, 'Travel', loungeId);
    expect(arrived.map((message) => message.id).slice(0, 2)).toEqual(ids);
    const movedAt = moved!['edit_timestamp'];
    expect(arrived[0]!.edit_history).toEqual([
      { user_id: ann.userId, timestamp: movedAt, prev_stream: roomId, stream: loungeId },
    ]);
    expect(arrived[0]!.last_moved_timestamp).toBe(movedAt);
    const mention = `@_**Ann Lee|${ann.userId}**`;
    expect(arrived[2]).toMatchObject({
      sender_id: botId,
      content: `This topic was moved here from #**room>Travel** by ${mention}.`,
    });
    expect(await topicMessages(ann, 'Travel')).toMatchObject([
      { sender_id: botId, content: `This topic was moved to #**lounge>Travel** by ${mention}.` },
    ]);
    // The old topic holds only the breadcrumb; the new channel lists the topic.
    expect(await topicNames(ann, loungeId)).toEqual(['Travel', 'channel events']);
  });

  it('refuses channel moves to guests, past a week, to unknown channels, with content or for direct messages', async () => {
    const loungeId = (
      (await chat.as(owner).get('/streams').expect(200)).body.streams as Array<{
        name: string;
        stream_id: number;
      }>
    ).find((stream) => stream.name === 'lounge')!.stream_id;
    const fromGuest = await chat.toChannel(guest, roomId, 'Guests', 'hello');
    // A guest reads only their own channels, and never moves messages between channels.
    expect((await edit(guest, fromGuest, { stream_id: String(loungeId) }).expect(400)).body).toEqual(
      badRequest('Invalid channel ID'),
    );
    const porchId = await chat.channel(owner, 'porch', [guest]);
    expect((await edit(guest, fromGuest, { stream_id: String(porchId) }).expect(400)).body).toEqual(
      badRequest("You don't have permission to move this message"),
    );
    const id = await chat.toChannel(ann, roomId, 'Stay', 'here');
    expect((await edit(ann, id, { stream_id: '999999' }).expect(400)).body).toEqual(
      badRequest('Invalid channel ID'),
    );
    expect((await edit(ann, id, { stream_id: String(loungeId), content: 'x' }).expect(400)).body).toEqual(
      badRequest('Cannot change message content while changing channel'),
    );
    expect((await edit(ann, id, { stream_id: 'x' }).expect(400)).body).toEqual(
      badRequest('stream_id is not valid JSON'),
    );
    const direct = await chat.direct(ann, [ben], 'psst');
    expect((await edit(ann, direct, { stream_id: String(loungeId) }).expect(400)).body).toEqual(
      badRequest('Direct messages cannot be moved to channels.'),
    );
    await chat.ageMessage(id, 8 * DAY);
    expect((await edit(ann, id, { stream_id: String(loungeId) }).expect(400)).body).toEqual(
      badRequest("The time limit for editing this message's channel has passed"),
    );
    await edit(owner, id, { stream_id: String(loungeId) }).expect(200);
    expect((await shown(ann, id)).subject).toBe('Stay');
  });
});
