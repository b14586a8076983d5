import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { ChatActions } from './chat-actions.js';
import { type ChatAccount, ChatTestSystem } from './chat-test-system.js';

// POST /mark_all_as_read, /mark_stream_as_read, /mark_topic_as_read and
// GET /messages/matches_narrow, as Zulip 11 answers them.
describe('marking as read and matching narrows through the gateway', () => {
  let system: ChatTestSystem;
  let chat: ChatActions;
  let owner: ChatAccount;
  let alice: ChatAccount;
  let bob: ChatAccount;
  let general: number;
  let other: number;
  let secret: number;

  beforeAll(async () => {
    system = await ChatTestSystem.start(apiGatewayDefinition, { CHAT_RATE_LIMIT_REQUESTS: '1000' });
    chat = new ChatActions(system);
    owner = (await system.createRealm()).owner;
    alice = await system.createUser(owner, 'alice@example.com', 'Alice Doe');
    bob = await system.createUser(owner, 'bob@example.com', 'Bob Roe');
    general = await chat.channel(alice, 'general', [bob]);
    other = await chat.channel(alice, 'other', [bob]);
    secret = await chat.channel(alice, 'secret', [], { invite_only: 'true' });
  });

  afterAll(() => system.stop());

  const badRequest = (msg: string) => ({ result: 'error', msg, code: 'BAD_REQUEST' });
  const read = async (who: ChatAccount, id: number) => ((await chat.flags(who, id))! & 1) === 1;
  const readEvent = (messages: number[], all = false) => ({
    type: 'update_message_flags',
    op: 'add',
    operation: 'add',
    flag: 'read',
    all,
    messages,
    id: expect.any(Number),
  });

  describe('POST /mark_topic_as_read and /mark_stream_as_read', () => {
    it('marks one topic (whatever its case), then the channel, announcing what changed', async () => {
      const lunch = [
        await chat.toChannel(alice, general, 'Lunch'),
        await chat.toChannel(alice, general, 'lunch'),
      ];
      const elsewhere = await chat.toChannel(alice, general, 'work');
      const otherChannel = await chat.toChannel(alice, other, 'work');
      const { queue_id } = await chat.registerQueue(bob, ['update_message_flags'], {});
      await chat
        .as(bob)
        .post('/mark_topic_as_read', { stream_id: String(general), topic_name: 'LUNCH' })
        .expect(200, { result: 'success', msg: '' });
      expect([await read(bob, lunch[0]!), await read(bob, lunch[1]!), await read(bob, elsewhere)]).toEqual([
        true,
        true,
        false,
      ]);
      await chat
        .as(bob)
        .post('/mark_stream_as_read', { stream_id: String(general) })
        .expect(200, {
          result: 'success',
          msg: '',
        });
      // Nothing left to mark: no event.
      await chat
        .as(bob)
        .post('/mark_stream_as_read', { stream_id: String(general) })
        .expect(200);
      expect(await read(bob, elsewhere)).toBe(true);
      expect(await read(bob, otherChannel)).toBe(false);
      // The queue merges read events between two polls, as Zulip's virtual events.
      const [event] = await chat.queuedEvents<{ messages: number[] }>(bob, queue_id, 1);
      expect(event).toEqual(readEvent(expect.arrayContaining([...lunch, elsewhere]) as unknown as number[]));
      expect(event!.messages).not.toContain(otherChannel);
    });

    it('refuses a topic the user holds nothing of, and channels they cannot read', async () => {
      expect(
        (
          await chat
            .as(bob)
            .post('/mark_topic_as_read', { stream_id: String(general), topic_name: 'nope' })
            .expect(400)
        ).body,
      ).toEqual(badRequest("No such topic 'nope'"));
      for (const streamId of [secret, 999999]) {
        expect(
          (
            await chat
              .as(bob)
              .post('/mark_stream_as_read', { stream_id: String(streamId) })
              .expect(400)
          ).body,
        ).toEqual(badRequest('Invalid channel ID'));
        expect(
          (
            await chat
              .as(bob)
              .post('/mark_topic_as_read', { stream_id: String(streamId), topic_name: 'x' })
              .expect(400)
          ).body,
        ).toEqual(badRequest('Invalid channel ID'));
      }
      expect(
        (
          await chat
            .as(bob)
            .post('/mark_topic_as_read', { stream_id: String(general) })
            .expect(400)
        ).body,
      ).toEqual({
        result: 'error',
        msg: "Missing 'topic_name' argument",
        code: 'REQUEST_VARIABLE_MISSING',
        var_name: 'topic_name',
      });
      expect(
        (await chat.as(bob).post('/mark_stream_as_read', { stream_id: '"1"' }).expect(400)).body,
      ).toEqual(badRequest('stream_id is not an integer'));
    });
  });

  describe('POST /mark_all_as_read', () => {
    it('marks everything read, answers complete and announces all', async () => {
      const direct = await chat.direct(alice, [bob], 'hi');
      const inChannel = await chat.toChannel(alice, other, 'later');
      const { queue_id } = await chat.registerQueue(bob, ['update_message_flags'], {});
      await chat
        .as(bob)
        .post('/mark_all_as_read')
        .expect(200, { result: 'success', msg: '', complete: true });
      expect([await read(bob, direct), await read(bob, inChannel)]).toEqual([true, true]);
      expect(await chat.queuedEvents(bob, queue_id, 1)).toEqual([readEvent([], true)]);
      type Unreads = { unread_msgs: { count: number } };
      expect(
        (await chat.registeredState<Unreads>(bob, ['message', 'update_message_flags'])).unread_msgs.count,
      ).toBe(0);
    });
  });

  describe('GET /messages/matches_narrow', () => {
    const matches = (who: ChatAccount, ids: number[], narrow: unknown) =>
      chat
        .as(who)
        .get(
          `/messages/matches_narrow?msg_ids=${encodeURIComponent(JSON.stringify(ids))}&narrow=${encodeURIComponent(JSON.stringify(narrow))}`,
        );

    it('answers which of the messages the caller holds the narrow matches, with their content', async () => {
      const hit = await chat.toChannel(alice, general, 'a <topic>', 'find the **needle**');
      const miss = await chat.toChannel(alice, general, 'a <topic>', 'nothing here');
      const elsewhere = await chat.toChannel(alice, other, 'a <topic>', 'needle elsewhere');
      const notMine = await chat.toChannel(alice, secret, 'x', 'needle in secret');
      const response = await matches(
        bob,
        [hit, miss, elsewhere, notMine, 999999],
        [{ operator: 'channel', operand: general }],
      ).expect(200);
      expect(response.body).toEqual({
        result: 'success',
        msg: '',
        messages: {
          [String(hit)]: {
            match_content: '<p>find the <strong>needle</strong></p>',
            match_subject: 'a &lt;topic&gt;',
          },
          [String(miss)]: { match_content: '<p>nothing here</p>', match_subject: 'a &lt;topic&gt;' },
        },
      });
      const searched = await matches(
        bob,
        [hit, miss, elsewhere],
        [{ operator: 'search', operand: 'needle' }],
      ).expect(200);
      expect(searched.body.messages).toEqual({
        [String(hit)]: {
          match_content: '<p>find the <strong><span class="highlight">needle</span></strong></p>',
          match_subject: 'a &lt;topic&gt;',
        },
        [String(elsewhere)]: {
          match_content: '<p><span class="highlight">needle</span> elsewhere</p>',
          match_subject: 'a &lt;topic&gt;',
        },
      });
    });

    it('refuses missing and malformed parameters and bad narrows', async () => {
      expect((await chat.as(bob).get('/messages/matches_narrow?narrow=[]').expect(400)).body).toEqual({
        result: 'error',
        msg: "Missing 'msg_ids' argument",
        code: 'REQUEST_VARIABLE_MISSING',
        var_name: 'msg_ids',
      });
      expect((await chat.as(bob).get('/messages/matches_narrow?msg_ids=[1]').expect(400)).body).toEqual({
        result: 'error',
        msg: "Missing 'narrow' argument",
        code: 'REQUEST_VARIABLE_MISSING',
        var_name: 'narrow',
      });
      expect((await matches(bob, ['x' as unknown as number], []).expect(400)).body).toEqual(
        badRequest('msg_ids[0] is not an integer'),
      );
      expect((await matches(bob, [1], [{ operator: 'bogus', operand: 'x' }]).expect(400)).body).toEqual({
        result: 'error',
        msg: 'Invalid narrow operator: unknown operator bogus',
        code: 'BAD_NARROW',
        desc: 'unknown operator bogus',
      });
    });
  });
});
