import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ChatEventV1 } from '@shared/contracts';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { expectEventually } from '@platform/test-support';
import { ChatActions } from './chat-actions.js';
import { type ChatAccount, ChatTestSystem } from './chat-test-system.js';

describe('POST /typing through the gateway', () => {
  let system: ChatTestSystem;
  let chat: ChatActions;
  let owner: ChatAccount;
  let member: ChatAccount;
  let third: ChatAccount;
  let generalId: number;
  let secretId: number;
  let events: ChatEventV1[];

  beforeAll(async () => {
    system = await ChatTestSystem.start(apiGatewayDefinition, { CHAT_RATE_LIMIT_REQUESTS: '1000' });
    chat = new ChatActions(system);
    owner = (await system.createRealm()).owner;
    member = await system.createUser(owner, 'typist@example.com', 'Ty Typist');
    third = await system.createUser(owner, 'third@example.com', 'Thea Third');
    generalId = await chat.channel(owner, 'general', [member, third]);
    secretId = await chat.channel(member, 'secret', [], { invite_only: 'true' });
    events = await chat.recordEvents();
  });

  afterAll(() => system.stop());

  const typing = (form: Record<string, string>, who: ChatAccount = member) =>
    chat.as(who).post('/typing', form);
  const badRequest = (msg: string) => ({ result: 'error', msg, code: 'BAD_REQUEST' });
  const typingEvents = () => events.filter((e) => e.event['type'] === 'typing');
  const person = (account: ChatAccount) => ({ user_id: account.userId, email: account.email });

  it('announces direct typing to every participant, the sender included', async () => {
    events.length = 0;
    await typing({ op: 'start', to: JSON.stringify([owner.userId]) }).expect(200, {
      result: 'success',
      msg: '',
    });
    await typing({ type: 'direct', op: 'stop', to: JSON.stringify([owner.userId, third.userId]) }).expect(
      200,
    );
    await expectEventually(() =>
      expect(typingEvents()).toEqual([
        {
          realmId: expect.any(Number),
          userIds: [owner.userId, member.userId],
          event: {
            type: 'typing',
            op: 'start',
            message_type: 'direct',
            sender: person(member),
            recipients: [person(owner), person(member)],
          },
        },
        {
          realmId: expect.any(Number),
          userIds: [owner.userId, third.userId, member.userId],
          event: {
            type: 'typing',
            op: 'stop',
            message_type: 'direct',
            sender: person(member),
            recipients: [person(owner), person(third), person(member)],
          },
        },
      ]),
    );
  });

  it('announces channel typing to every subscriber, the sender included, the empty topic under any of its names', async () => {
    events.length = 0;
    for (const [type, topic] of [
      ['stream', 'plans'],
      ['channel', '(no topic)'],
      ['channel', 'general chat'],
    ] as const) {
      await typing({ type, op: 'start', stream_id: String(generalId), topic }).expect(200, {
        result: 'success',
        msg: '',
      });
    }
    const expected = (topic: string) => ({
      realmId: expect.any(Number),
      userIds: [owner.userId, member.userId, third.userId].sort((a, b) => a - b),
      event: {
        type: 'typing',
        op: 'start',
        message_type: 'stream',
        sender: person(member),
        stream_id: generalId,
        topic,
      },
    });
    await expectEventually(() =>
      expect(typingEvents()).toEqual([expected('plans'), expected(''), expected('')]),
    );
  });

  it('reaches a client through its event queue', async () => {
    const registered = await chat
      .as(owner)
      .post('/register', { event_types: '["typing"]', fetch_event_types: '["realm"]' })
      .expect(200);
    const queueId = registered.body.queue_id as string;
    expect(registered.body).toMatchObject({
      server_typing_started_expiry_period_milliseconds: 45000,
      server_typing_stopped_wait_period_milliseconds: 12000,
      server_typing_started_wait_period_milliseconds: 30000,
    });
    await typing({ op: 'start', to: JSON.stringify([owner.userId]) }).expect(200);
    await expectEventually(async () => {
      const polled = await chat
        .as(owner)
        .get(`/events?queue_id=${queueId}&last_event_id=-1&dont_block=true`)
        .expect(200);
      expect(polled.body.events).toEqual([
        {
          id: 0,
          type: 'typing',
          op: 'start',
          message_type: 'direct',
          sender: person(member),
          recipients: [person(owner), person(member)],
        },
      ]);
    });
  });

  it.each([
    ['the legacy private type', { type: 'private', op: 'start', to: '[1]' }, badRequest('Invalid type')],
    ['an unknown op', { op: 'begin', to: '[1]' }, badRequest('Invalid op')],
    [
      'no op',
      { to: '[1]' },
      { result: 'error', msg: "Missing 'op' argument", code: 'REQUEST_VARIABLE_MISSING', var_name: 'op' },
    ],
    ['direct typing without to', { op: 'start' }, badRequest("Missing 'to' argument")],
    ['direct typing with a null to', { op: 'start', to: 'null' }, badRequest("Missing 'to' argument")],
    [
      'channel typing with a null stream_id',
      { type: 'channel', op: 'start', stream_id: 'null', topic: 't' },
      badRequest("Missing 'stream_id' argument"),
    ],
    // Zulip 11 reads to, op, type in that order: a malformed to is reported before a bad op or type.
    [
      'a bad to with a bad op and type',
      { type: 'private', op: 'begin', to: '5' },
      badRequest('to is not a list'),
    ],
    ['a bad op with a bad type', { type: 'private', op: 'begin', to: '[1]' }, badRequest('Invalid op')],
    ['an empty to', { op: 'start', to: '[]' }, badRequest("Empty 'to' list")],
    ['a to that is not a list', { op: 'start', to: '5' }, badRequest('to is not a list')],
    ['a to with a non-integer', { op: 'start', to: '[1,"x"]' }, badRequest('to[1] is not an integer')],
    ['an unknown user', { op: 'start', to: '[999999]' }, badRequest('Invalid user ID 999999')],
    [
      'a user id beyond integers',
      { op: 'start', to: '[99999999999]' },
      badRequest('Invalid user ID 99999999999'),
    ],
    [
      'a channel id beyond integers',
      { type: 'channel', op: 'start', stream_id: '99999999999', topic: 't' },
      badRequest('Invalid channel ID'),
    ],
    [
      'channel typing without stream_id',
      { type: 'channel', op: 'start', topic: 't' },
      badRequest("Missing 'stream_id' argument"),
    ],
    [
      'channel typing without topic',
      { type: 'stream', op: 'start', stream_id: '1' },
      badRequest('Missing topic'),
    ],
    [
      'a stream_id that is not an integer',
      { type: 'stream', op: 'start', stream_id: '"1"', topic: 't' },
      badRequest('stream_id is not an integer'),
    ],
    [
      'a missing channel',
      { type: 'channel', op: 'start', stream_id: '999999', topic: 't' },
      badRequest('Invalid channel ID'),
    ],
  ])('refuses %s', async (_label, form, expected) => {
    expect((await typing(form).expect(400)).body).toEqual(expected);
  });

  it('refuses a private channel the caller is not in, administrators too (Zulip 11: no content access)', async () => {
    const form = { type: 'channel', op: 'start', stream_id: String(secretId), topic: 't' };
    expect((await typing(form, third).expect(400)).body).toEqual(badRequest('Invalid channel ID'));
    expect((await typing(form, owner).expect(400)).body).toEqual(badRequest('Invalid channel ID'));
  });

  it('refuses a guest a public channel they are not subscribed to', async () => {
    const guest = await system.createUser(owner, 'guest@example.com', 'Gus Guest');
    await system.setRole(owner, guest, 600);
    const openId = await chat.channel(owner, 'open');
    const form = { type: 'channel', op: 'start', stream_id: String(openId), topic: 't' };
    expect((await typing(form, guest).expect(400)).body).toEqual(badRequest('Invalid channel ID'));
    await chat.subscribe(owner, 'open', [guest]);
    // Who is in a channel is cached for a second (typing-audience.ts).
    await expectEventually(async () => void (await typing(form, guest).expect(200)));
  });

  it('refuses another realm’s users and channels', async () => {
    const other = (await system.createRealm('Other org', 'other-owner@example.com')).owner;
    expect(
      (await typing({ op: 'start', to: JSON.stringify([member.userId]) }, other).expect(400)).body,
    ).toEqual(badRequest(`Invalid user ID ${member.userId}`));
    const form = { type: 'channel', op: 'start', stream_id: String(generalId), topic: 't' };
    expect((await typing(form, other).expect(400)).body).toEqual(badRequest('Invalid channel ID'));
  });
});
