import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { expectEventually } from '@platform/test-support';
import { ChatActions } from './chat-actions.js';
import { type ChatAccount, ChatTestSystem } from './chat-test-system.js';

const READ = 1;
const STARRED = 2;
const HISTORICAL = 128;

describe('POST /messages/flags and /messages/flags/narrow through the gateway', () => {
  let system: ChatTestSystem;
  let chat: ChatActions;
  let owner: ChatAccount;
  let member: ChatAccount;
  let other: ChatAccount;
  let generalId: number;
  let secretId: number;

  beforeAll(async () => {
    system = await ChatTestSystem.start(apiGatewayDefinition, { CHAT_RATE_LIMIT_REQUESTS: '1000' });
    chat = new ChatActions(system);
    owner = (await system.createRealm()).owner;
    member = await system.createUser(owner, 'flags@example.com', 'Fay Flags');
    other = await system.createUser(owner, 'other@example.com', 'Oz Other');
    generalId = await chat.channel(owner, 'general', [member]);
    secretId = await chat.channel(owner, 'secret', [], { invite_only: 'true' });
  });

  afterAll(() => system.stop());

  const flags = (form: Record<string, string>, who: ChatAccount = member) =>
    chat.as(who).post('/messages/flags', form);
  const update = (messages: number[], op: string, flag: string, who: ChatAccount = member) =>
    flags({ messages: JSON.stringify(messages), op, flag }, who);
  const badRequest = (msg: string) => ({ result: 'error', msg, code: 'BAD_REQUEST' });

  it('stars and unstars, answering the messages whose flag changed and, always, the ignored channels (none)', async () => {
    const first = await chat.direct(owner, [member]);
    const second = await chat.direct(owner, [member]);
    expect((await update([first], 'add', 'starred').expect(200)).body).toEqual({
      result: 'success',
      msg: '',
      messages: [first],
      ignored_because_not_subscribed_channels: [],
    });
    expect((await update([second, first], 'add', 'starred').expect(200)).body.messages).toEqual([second]);
    expect((await chat.flags(member, first))! & STARRED).toBe(STARRED);
    expect((await update([first, second], 'remove', 'starred').expect(200)).body).toEqual({
      result: 'success',
      msg: '',
      messages: [first, second],
      ignored_because_not_subscribed_channels: [],
    });
    expect((await chat.flags(member, first))! & STARRED).toBe(0);
  });

  it('marks read and unread, skipping channels the user is not subscribed to', async () => {
    const inGeneral = await chat.toChannel(owner, generalId, 'flags');
    const leaving = await chat.channel(owner, 'leaving', [member]);
    const inLeaving = await chat.toChannel(owner, leaving, 'bye');
    expect((await update([inGeneral, inLeaving], 'add', 'read').expect(200)).body.messages).toEqual([
      inGeneral,
      inLeaving,
    ]);
    await chat.as(member).delete('/users/me/subscriptions', { subscriptions: '["leaving"]' }).expect(200);

    const response = await update([inGeneral, inLeaving], 'remove', 'read').expect(200);
    expect(response.body).toEqual({
      result: 'success',
      msg: '',
      messages: [inGeneral],
      ignored_because_not_subscribed_channels: [leaving],
    });
    expect((await chat.flags(member, inLeaving))! & READ).toBe(READ);
  });

  it('stars a public channel message the user never received through a historical copy', async () => {
    const publicId = await chat.channel(owner, 'public-history');
    const message = await chat.toChannel(owner, publicId, 'old');
    expect(await chat.flags(member, message)).toBeNull();
    expect((await update([message], 'add', 'starred').expect(200)).body.messages).toEqual([message]);
    expect(await chat.flags(member, message)).toBe(HISTORICAL | READ | STARRED);
    // Reading it again changes nothing: historical copies start read.
    const another = await chat.toChannel(owner, publicId, 'old');
    expect((await update([another], 'add', 'read').expect(200)).body.messages).toEqual([]);
    expect(await chat.flags(member, another)).toBe(HISTORICAL | READ);
    // A held copy and a historical one in the same request: both change, once.
    const held = await chat.direct(owner, [member]);
    const unseen = await chat.toChannel(owner, publicId, 'old');
    expect((await update([held, unseen], 'add', 'starred').expect(200)).body.messages).toEqual([
      held,
      unseen,
    ]);
    expect(await chat.flags(member, unseen)).toBe(HISTORICAL | READ | STARRED);
    expect((await chat.flags(member, held))! & STARRED).toBe(STARRED);
  });

  it('refuses messages the user cannot read, changing nothing', async () => {
    const held = await chat.direct(owner, [member]);
    const foreignDirect = await chat.direct(owner, [other]);
    const privateMessage = await chat.toChannel(owner, secretId, 'hidden');
    const otherRealm = await system.createRealm('Other org', 'other-owner@example.com');
    const foreign = await chat.direct(otherRealm.owner, [otherRealm.owner]);
    // An id beyond PostgreSQL integers names no message either (no 500).
    for (const id of [foreignDirect, privateMessage, foreign, 999_999, 99_999_999_999]) {
      const response = await update([held, id], 'add', 'starred').expect(400);
      expect(response.body).toEqual(badRequest('Invalid message(s)'));
    }
    expect((await chat.flags(member, held))! & STARRED).toBe(0);
  });

  it.each([
    ['messages missing', { op: 'add', flag: 'read' }, "Missing 'messages' argument", 'messages'],
    ['op missing', { messages: '[]', flag: 'read' }, "Missing 'op' argument", 'op'],
    ['flag missing', { messages: '[]', op: 'add' }, "Missing 'flag' argument", 'flag'],
    // Zulip 11 reads flag, messages, op in that order: the first one missing is reported.
    ['everything missing', {}, "Missing 'flag' argument", 'flag'],
    ['messages and op missing', { flag: 'read' }, "Missing 'messages' argument", 'messages'],
  ])('refuses a request with %s', async (_label, form, msg, varName) => {
    expect((await flags(form).expect(400)).body).toEqual({
      result: 'error',
      msg,
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: varName,
    });
  });

  it.each([
    ['messages not JSON', { messages: '1,2', op: 'add', flag: 'read' }, 'messages is not valid JSON'],
    ['messages not a list', { messages: '5', op: 'add', flag: 'read' }, 'messages is not a list'],
    [
      'a message id not an integer',
      { messages: '[1,"2"]', op: 'add', flag: 'read' },
      'messages[1] is not an integer',
    ],
    ['an unknown flag', { messages: '[]', op: 'add', flag: 'shiny' }, "Invalid flag: 'shiny'"],
    [
      'the deprecated wildcard_mentioned',
      { messages: '[]', op: 'add', flag: 'wildcard_mentioned' },
      "Invalid flag: 'wildcard_mentioned'",
    ],
    ['mentioned', { messages: '[]', op: 'add', flag: 'mentioned' }, "Flag not editable: 'mentioned'"],
    [
      'stream_wildcard_mentioned',
      { messages: '[]', op: 'remove', flag: 'stream_wildcard_mentioned' },
      "Flag not editable: 'stream_wildcard_mentioned'",
    ],
    [
      'topic_wildcard_mentioned',
      { messages: '[]', op: 'add', flag: 'topic_wildcard_mentioned' },
      "Flag not editable: 'topic_wildcard_mentioned'",
    ],
    [
      'has_alert_word',
      { messages: '[]', op: 'add', flag: 'has_alert_word' },
      "Flag not editable: 'has_alert_word'",
    ],
    ['historical', { messages: '[]', op: 'add', flag: 'historical' }, "Flag not editable: 'historical'"],
    [
      'an unknown operation',
      { messages: '[]', op: 'toggle', flag: 'read' },
      "Invalid message flag operation: 'toggle'",
    ],
  ])('refuses %s', async (_label, form, msg) => {
    expect((await flags(form).expect(400)).body).toEqual(badRequest(msg));
  });

  it('announces the change to the user, with unread details when marking unread', async () => {
    // Through a queue, as clients see it: the bus carries the ids as runs (messageRuns).
    const registered = await chat.as(member).post('/register', { event_types: '["update_message_flags"]' });
    const queueId = (registered.body as { queue_id: string }).queue_id;
    const direct = await chat.direct(owner, [member]);
    const inGeneral = await chat.toChannel(owner, generalId, 'details');
    await update([direct, inGeneral], 'add', 'read').expect(200);
    await update([inGeneral, direct], 'remove', 'read').expect(200);
    const events = await expectEventually(async () => {
      const polled = await chat
        .as(member)
        .get(`/events?queue_id=${queueId}&last_event_id=-1&dont_block=true`)
        .expect(200);
      expect(polled.body.events).toHaveLength(2);
      return polled.body.events as unknown[];
    });
    expect(events).toEqual([
      {
        id: 0,
        type: 'update_message_flags',
        op: 'add',
        operation: 'add',
        flag: 'read',
        messages: [direct, inGeneral],
        all: false,
      },
      {
        id: 1,
        type: 'update_message_flags',
        op: 'remove',
        operation: 'remove',
        flag: 'read',
        messages: [inGeneral, direct],
        all: false,
        message_details: {
          [String(direct)]: { type: 'private', user_ids: [owner.userId] },
          [String(inGeneral)]: {
            type: 'stream',
            stream_id: generalId,
            topic: 'details',
            unmuted_stream_msg: true,
          },
        },
      },
    ]);
  });

  it('answers 405 for a wrong method', async () => {
    const response = await system.http.get('/api/v1/messages/flags').expect(405);
    expect(response.body).toEqual({ result: 'error', msg: 'Method Not Allowed', allowed_methods: ['POST'] });
  });

  describe('POST /messages/flags/narrow', () => {
    const forNarrow = (form: Record<string, string>) => chat.as(member).post('/messages/flags/narrow', form);
    let channelNarrow: string;
    let sent: number[];

    beforeAll(async () => {
      const narrowedId = await chat.channel(owner, 'narrowed', [member]);
      // The topic keeps the channel's creation notice out.
      channelNarrow = JSON.stringify([
        { operator: 'channel', operand: narrowedId },
        { operator: 'topic', operand: 't' },
      ]);
      sent = [];
      for (const content of ['one', 'two', 'three'])
        sent.push(await chat.toChannel(owner, narrowedId, 't', content));
    });

    it('changes the window GET /messages would answer and says where it ended, so a client can go on', async () => {
      const { queue_id } = await chat.registerQueue(member, ['update_message_flags'], {});
      const first = await forNarrow({
        anchor: 'oldest',
        num_before: '0',
        num_after: '2',
        narrow: channelNarrow,
        op: 'add',
        flag: 'read',
      }).expect(200);
      expect(first.body).toEqual({
        result: 'success',
        msg: '',
        processed_count: 2,
        updated_count: 2,
        first_processed_id: sent[0],
        last_processed_id: sent[1],
        found_oldest: true,
        found_newest: false,
        ignored_because_not_subscribed_channels: [],
      });
      const rest = await forNarrow({
        anchor: String(sent[1]),
        include_anchor: 'false',
        num_before: '0',
        num_after: '5000',
        narrow: channelNarrow,
        op: 'add',
        flag: 'read',
      }).expect(200);
      expect(rest.body).toMatchObject({
        processed_count: 1,
        updated_count: 1,
        first_processed_id: sent[2],
        last_processed_id: sent[2],
        found_newest: true,
      });
      // Two events, or one: read flags added since the queue's last answer travel as one (Zulip's
      // virtual events), so whether the first reached the queue before a poll decides which.
      const events = await expectEventually(async () => {
        const polled = await chat
          .as(member)
          .get(`/events?queue_id=${queue_id}&last_event_id=-1&dont_block=true`)
          .expect(200);
        const flagged = polled.body.events as Array<{ messages: number[] }>;
        expect(flagged.flatMap(({ messages }) => messages)).toEqual(sent);
        return flagged;
      });
      for (const event of events)
        expect(event).toMatchObject({ type: 'update_message_flags', op: 'add', flag: 'read' });
      // JSON null is no narrow: every message; the second pass finds nothing left to change.
      const everything = {
        anchor: 'newest',
        num_before: '10',
        num_after: '0',
        narrow: 'null',
        op: 'add',
        flag: 'read',
      };
      await forNarrow(everything).expect(200);
      expect((await forNarrow(everything).expect(200)).body).toMatchObject({
        updated_count: 0,
        last_processed_id: sent[2],
        found_newest: true,
      });
    });

    it('answers an empty window with null ids', async () => {
      const response = await forNarrow({
        anchor: 'newest',
        num_before: '0',
        num_after: '3',
        narrow: channelNarrow,
        op: 'add',
        flag: 'starred',
      }).expect(200);
      expect(response.body).toEqual({
        result: 'success',
        msg: '',
        processed_count: 0,
        updated_count: 0,
        first_processed_id: null,
        last_processed_id: null,
        found_oldest: false,
        found_newest: true,
        ignored_because_not_subscribed_channels: [],
      });
    });

    it.each([
      ['an invalid anchor', { anchor: 'soon' }, 'Invalid anchor'],
      [
        'an anchor excluded inside the range',
        { anchor: '5', include_anchor: 'false', num_before: '1', num_after: '1' },
        'The anchor can only be excluded at an end of the range',
      ],
      ['a negative count', { num_after: '-1' }, 'num_after is too small'],
      ['an unknown flag', { flag: 'shiny' }, "Invalid flag: 'shiny'"],
      ['an unknown operation', { op: 'toggle' }, "Invalid message flag operation: 'toggle'"],
    ])('refuses %s', async (_label, change, msg) => {
      const form = {
        anchor: 'newest',
        num_before: '1',
        num_after: '0',
        narrow: '[]',
        op: 'add',
        flag: 'read',
      };
      expect((await forNarrow({ ...form, ...change }).expect(400)).body).toEqual(badRequest(msg));
    });

    it('requires the narrow, even an empty one', async () => {
      const response = await forNarrow({
        anchor: 'newest',
        num_before: '1',
        num_after: '0',
        op: 'add',
        flag: 'read',
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        result: 'error',
        msg: "Missing 'narrow' argument",
        code: 'REQUEST_VARIABLE_MISSING',
        var_name: 'narrow',
      });
    });
  });
});
