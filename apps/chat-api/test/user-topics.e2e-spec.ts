import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { ChatActions } from './chat-actions.js';
import { type ChatAccount, ChatTestSystem } from './chat-test-system.js';

// POST /user_topics and the legacy PATCH /users/me/subscriptions/muted_topics, as Zulip 11.
describe('topic visibility policies through the gateway', () => {
  let system: ChatTestSystem;
  let chat: ChatActions;
  let owner: ChatAccount;
  let alice: ChatAccount;
  let bob: ChatAccount;
  let general: number;
  let secret: number;

  beforeAll(async () => {
    system = await ChatTestSystem.start(apiGatewayDefinition, { CHAT_RATE_LIMIT_REQUESTS: '1000' });
    chat = new ChatActions(system);
    owner = (await system.createRealm()).owner;
    alice = await system.createUser(owner, 'alice@example.com', 'Alice Doe');
    bob = await system.createUser(owner, 'bob@example.com', 'Bob Roe');
    general = await chat.channel(alice, 'general', [bob]);
    secret = await chat.channel(alice, 'secret', [], { invite_only: 'true' });
  });

  afterAll(() => system.stop());

  const badRequest = (msg: string, extra: object = {}) => ({
    result: 'error',
    msg,
    code: 'BAD_REQUEST',
    ...extra,
  });
  const setPolicy = (who: ChatAccount, form: Record<string, string>) =>
    chat.as(who).post('/user_topics', form);
  const legacy = (who: ChatAccount, form: Record<string, string>) =>
    chat.as(who).patch('/users/me/subscriptions/muted_topics', form);
  type UserTopics = { user_topics: unknown[]; muted_topics?: unknown[] };

  it('mutes, follows and clears a topic with user_topic and muted_topics events and register state', async () => {
    const { queue_id } = await chat.registerQueue(bob, ['user_topic'], {});
    await setPolicy(bob, { stream_id: String(general), topic: 'Lunch', visibility_policy: '1' }).expect(200, {
      result: 'success',
      msg: '',
    });
    await setPolicy(bob, { stream_id: String(general), topic: 'lunch', visibility_policy: '3' }).expect(200);
    // The same policy again changes nothing and announces nothing.
    await setPolicy(bob, { stream_id: String(general), topic: 'LUNCH', visibility_policy: '3' }).expect(200);
    const state = await chat.registeredState<UserTopics>(bob, ['user_topic', 'muted_topics']);
    expect(state.user_topics).toEqual([
      { stream_id: general, topic_name: 'Lunch', visibility_policy: 3, last_updated: expect.any(Number) },
    ]);
    expect(state).not.toHaveProperty('muted_topics');
    await setPolicy(bob, { stream_id: String(general), topic: 'lunch', visibility_policy: '0' }).expect(200);
    await setPolicy(bob, { stream_id: String(general), topic: 'lunch', visibility_policy: '0' }).expect(200);
    const userTopic = (topic: string, policy: number) => ({
      type: 'user_topic',
      stream_id: general,
      topic_name: topic,
      last_updated: expect.any(Number),
      visibility_policy: policy,
      id: expect.any(Number),
    });
    // A queue that asked for user_topic does not get the legacy muted_topics events.
    expect(await chat.queuedEvents(bob, queue_id, 3)).toEqual([
      userTopic('Lunch', 1),
      userTopic('lunch', 3),
      userTopic('lunch', 0),
    ]);
    expect((await chat.registeredState<UserTopics>(bob, ['user_topic'])).user_topics).toEqual([]);
  });

  it('mutes and unmutes through the legacy route, by channel name or id, with muted_topics events', async () => {
    const { queue_id } = await chat.registerQueue(alice, ['muted_topics'], {});
    await legacy(alice, { op: 'add', stream: 'General', topic: 'noise' }).expect(200, {
      result: 'success',
      msg: '',
    });
    const state = await chat.registeredState<UserTopics>(alice, ['muted_topics']);
    expect(state.muted_topics).toEqual([['general', 'noise', expect.any(Number)]]);
    await legacy(alice, { op: 'remove', stream_id: String(general), topic: 'NOISE' }).expect(200);
    expect(await chat.queuedEvents(alice, queue_id, 2)).toEqual([
      {
        type: 'muted_topics',
        muted_topics: [['general', 'noise', expect.any(Number)]],
        id: expect.any(Number),
      },
      { type: 'muted_topics', muted_topics: [], id: expect.any(Number) },
    ]);
    // Removing what is not muted succeeds, as in Zulip.
    await legacy(alice, { op: 'remove', stream: 'general', topic: 'never muted' }).expect(200);
  });

  it('leaves a muted topic and a muted channel out of the unread count and wildcard mentions', async () => {
    const quiet = await chat.channel(alice, 'quiet', [bob]);
    const mutedMention = await chat.toChannel(alice, general, 'muted here', 'one @**all**');
    await chat.toChannel(alice, general, 'muted here', 'two');
    await chat.toChannel(alice, general, 'kept', 'three');
    await chat.toChannel(alice, quiet, 'talk', 'four');
    const unmutedInQuiet = await chat.toChannel(alice, quiet, 'exception', 'five @**all**');
    type Unreads = { unread_msgs: { count: number; mentions: number[]; streams: unknown[] } };
    const before = (await chat.registeredState<Unreads>(bob, ['message', 'update_message_flags']))
      .unread_msgs;
    await setPolicy(bob, { stream_id: String(general), topic: 'Muted here', visibility_policy: '1' }).expect(
      200,
    );
    await chat
      .as(bob)
      .post('/users/me/subscriptions/properties', {
        subscription_data: JSON.stringify([{ stream_id: quiet, property: 'is_muted', value: true }]),
      })
      .expect(200);
    await setPolicy(bob, { stream_id: String(quiet), topic: 'exception', visibility_policy: '2' }).expect(
      200,
    );
    const after = (await chat.registeredState<Unreads>(bob, ['message', 'update_message_flags'])).unread_msgs;
    // Four are muted (two in the muted topic, "talk" and the creation notice in the muted
    // channel): listed still, not counted; and the muted @all is no mention.
    expect(after.count).toBe(before.count - 4);
    expect(after.streams).toEqual(before.streams);
    expect(before.mentions).toEqual(expect.arrayContaining([mutedMention, unmutedInQuiet]));
    expect(after.mentions).toEqual(before.mentions.filter((id) => id !== mutedMention));
  });

  it('narrows is:followed to followed topics and in:home past muted topics and channels', async () => {
    const room = await chat.channel(alice, 'room', [bob]);
    const followed = await chat.toChannel(alice, room, 'Followed', 'f');
    const muted = await chat.toChannel(alice, room, 'hushed', 'm');
    const plain = await chat.toChannel(alice, room, 'plain', 'p');
    await setPolicy(bob, { stream_id: String(room), topic: 'followed', visibility_policy: '3' }).expect(200);
    await setPolicy(bob, { stream_id: String(room), topic: 'hushed', visibility_policy: '1' }).expect(200);
    const ids = async (narrow: unknown) => {
      const query = `anchor=newest&num_before=100&narrow=${encodeURIComponent(JSON.stringify(narrow))}`;
      const response = await chat.as(bob).get(`/messages?${query}`).expect(200);
      return (response.body.messages as Array<{ id: number }>).map((message) => message.id);
    };
    expect(await ids([{ operator: 'is', operand: 'followed' }])).toEqual([followed]);
    const home = await ids([
      { operator: 'channel', operand: room },
      { operator: 'in', operand: 'home' },
    ]);
    expect(home).toEqual(expect.arrayContaining([followed, plain]));
    expect(home).not.toContain(muted);
  });

  it("refuses bad parameters in Zulip's words", async () => {
    const base = { stream_id: String(general), topic: 'x', visibility_policy: '1' };
    expect((await setPolicy(bob, { ...base, visibility_policy: '4' }).expect(400)).body).toEqual(
      badRequest('Invalid visibility_policy: Value error, Not in the list of possible values'),
    );
    expect((await setPolicy(bob, { ...base, visibility_policy: '"1"' }).expect(400)).body).toEqual(
      badRequest('visibility_policy is not an integer'),
    );
    expect((await setPolicy(bob, { ...base, topic: 'x'.repeat(61) }).expect(400)).body).toEqual(
      badRequest('topic is too long (limit: 60 characters)'),
    );
    expect((await setPolicy(bob, { topic: 'x', visibility_policy: '1' }).expect(400)).body).toEqual({
      result: 'error',
      msg: "Missing 'stream_id' argument",
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'stream_id',
    });
    expect((await legacy(bob, { op: 'mute', stream: 'general', topic: 'x' }).expect(400)).body).toEqual(
      badRequest('Invalid op'),
    );
    expect((await legacy(bob, { op: 'add', topic: 'x' }).expect(400)).body).toEqual(
      badRequest("Missing 'stream_id' argument"),
    );
    expect(
      (
        await legacy(bob, { op: 'add', stream: 'general', stream_id: String(general), topic: 'x' }).expect(
          400,
        )
      ).body,
    ).toEqual(
      badRequest('Unsupported parameter combination: stream_id, stream', { parameters: 'stream_id, stream' }),
    );
  });

  it('refuses a channel the caller cannot read, but lets anyone clear a policy in a channel of the realm', async () => {
    expect(
      (await setPolicy(bob, { stream_id: String(secret), topic: 'x', visibility_policy: '1' }).expect(400))
        .body,
    ).toEqual(badRequest('Invalid channel ID'));
    await setPolicy(bob, { stream_id: String(secret), topic: 'x', visibility_policy: '0' }).expect(200);
    expect(
      (await setPolicy(bob, { stream_id: '999999', topic: 'x', visibility_policy: '0' }).expect(400)).body,
    ).toEqual(badRequest('Invalid channel ID'));
    expect((await legacy(bob, { op: 'add', stream: 'secret', topic: 'x' }).expect(400)).body).toEqual(
      badRequest("Invalid channel name 'secret'"),
    );
    expect(
      (await legacy(bob, { op: 'add', stream_id: String(secret), topic: 'x' }).expect(400)).body,
    ).toEqual(badRequest('Invalid channel ID'));
    expect((await legacy(bob, { op: 'remove', stream: 'BOGUS', topic: 'x' }).expect(400)).body).toEqual(
      badRequest('Topic is not muted'),
    );
    expect((await legacy(bob, { op: 'remove', stream_id: '999999', topic: 'x' }).expect(400)).body).toEqual(
      badRequest('Topic is not muted'),
    );
  });
});
