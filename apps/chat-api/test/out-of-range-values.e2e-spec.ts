import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { ChatActions } from './chat-actions.js';
import { type ChatAccount, ChatTestSystem } from './chat-test-system.js';

// Numbers a client may send that no column, Date or id can hold: past JavaScript's Date
// (8.64e12 s), past PostgreSQL integers, past double precision, and their negatives. Each is
// answered in Zulip's envelope, never with a 500.
const OUT_OF_RANGE = [
  '8640000000001',
  '9999999999999',
  '99999999999999999999',
  '-99999999999999999999',
  '2147483648',
  '-2147483649',
  '9007199254740993',
];

type Method = 'get' | 'post' | 'patch' | 'delete';
type Case = readonly [
  label: string,
  method: Method,
  path: string,
  form: (value: string) => Record<string, string>,
];

describe('out-of-range numbers through the gateway', () => {
  let system: ChatTestSystem;
  let chat: ChatActions;
  let owner: ChatAccount;
  let member: ChatAccount;
  let channelId: number;
  let messageId: number;
  let scheduledId: number;
  let groupId: number;
  let queueId: string;

  const inAnHour = () => String(Math.floor(Date.now() / 1000) + 3600);
  const badRequest = (msg: string) => ({ result: 'error', msg, code: 'BAD_REQUEST' });

  beforeAll(async () => {
    system = await ChatTestSystem.start(apiGatewayDefinition, { CHAT_RATE_LIMIT_REQUESTS: '100000' });
    chat = new ChatActions(system);
    owner = (await system.createRealm()).owner;
    member = await system.createUser(owner, 'member@example.com', 'Mo Member');
    channelId = await chat.channel(owner, 'general', [member]);
    messageId = await chat.toChannel(owner, channelId, 'numbers');
    scheduledId = (
      await chat
        .as(owner)
        .post('/scheduled_messages', {
          type: 'stream',
          to: String(channelId),
          topic: 'later',
          content: 'later',
          scheduled_delivery_timestamp: inAnHour(),
        })
        .expect(200)
    ).body.scheduled_message_id;
    groupId = (
      await chat
        .as(owner)
        .post('/user_groups/create', { name: 'numbers', description: '', members: '[]' })
        .expect(200)
    ).body.group_id;
    queueId = (await chat.as(owner).post('/register', { event_types: '["message"]' }).expect(200)).body
      .queue_id;
  });

  afterAll(() => system.stop());

  describe('scheduled_delivery_timestamp', () => {
    const schedule = (timestamp: string) =>
      chat.as(owner).post('/scheduled_messages', {
        type: 'stream',
        to: String(channelId),
        topic: 't',
        content: 'c',
        scheduled_delivery_timestamp: timestamp,
      });

    it.each(['8640000000001', '9999999999999', '99999999999999999999', '253402300800'])(
      'refuses %s, past the last second Zulip can read (year 9999), when scheduling, editing and reminding',
      async (timestamp) => {
        const refusal = badRequest('scheduled_delivery_timestamp is too large');
        await schedule(timestamp).expect(400, refusal);
        await chat
          .as(owner)
          .patch(`/scheduled_messages/${scheduledId}`, { scheduled_delivery_timestamp: timestamp })
          .expect(400, refusal);
        await chat
          .as(owner)
          .post('/reminders', { message_id: String(messageId), scheduled_delivery_timestamp: timestamp })
          .expect(400, refusal);
      },
    );

    it.each(['-1', '-99999999999999999999'])('refuses %s as a time that has passed', async (timestamp) => {
      const refusal = badRequest('Scheduled delivery time must be in the future.');
      await schedule(timestamp).expect(400, refusal);
      await chat
        .as(owner)
        .patch(`/scheduled_messages/${scheduledId}`, { scheduled_delivery_timestamp: timestamp })
        .expect(400, refusal);
      await chat
        .as(owner)
        .post('/reminders', { message_id: String(messageId), scheduled_delivery_timestamp: timestamp })
        .expect(400, refusal);
    });

    it('accepts the last second of year 9999', async () => {
      const response = await schedule('253402300799').expect(200);
      expect(response.body).toEqual({ result: 'success', msg: '', scheduled_message_id: expect.any(Number) });
    });
  });

  const cases: Case[] = [
    ['a channel id to schedule to', 'post', '/scheduled_messages', (v) => scheduleForm({ to: v })],
    [
      'a user id to schedule to',
      'post',
      '/scheduled_messages',
      (v) => scheduleForm({ type: 'direct', to: `[${v}]` }),
    ],
    ['a channel id of an edit', 'patch', '/scheduled_messages/:scheduled', (v) => ({ to: v })],
    [
      'a user id of an edit',
      'patch',
      '/scheduled_messages/:scheduled',
      (v) => ({ type: 'direct', to: `[${v}]` }),
    ],
    [
      'a message id to remind of',
      'post',
      '/reminders',
      (v) => ({ message_id: v, scheduled_delivery_timestamp: '4102444800' }),
    ],
    ['a user id to type to', 'post', '/typing', (v) => ({ op: 'start', to: `[${v}]` })],
    [
      'a channel id to type in',
      'post',
      '/typing',
      (v) => ({ type: 'channel', op: 'start', stream_id: v, topic: 't' }),
    ],
    [
      'a message id to flag',
      'post',
      '/messages/flags',
      (v) => ({ messages: `[${v}]`, op: 'add', flag: 'read' }),
    ],
    ['an anchor', 'get', '/messages', (v) => ({ anchor: v, num_before: '1', num_after: '1' })],
    [
      'an anchor of a flags window',
      'post',
      '/messages/flags/narrow',
      (v) => ({ anchor: v, num_before: '1', num_after: '1', narrow: '[]', op: 'add', flag: 'read' }),
    ],
    [
      'num_after of a flags window',
      'post',
      '/messages/flags/narrow',
      (v) => ({ anchor: 'oldest', num_before: '0', num_after: v, narrow: '[]', op: 'add', flag: 'starred' }),
    ],
    [
      'a channel id of one subscription setting',
      'patch',
      '/users/me/subscriptions/:value',
      () => ({ property: 'pin_to_top', value: 'true' }),
    ],
    ['num_before', 'get', '/messages', (v) => ({ anchor: 'newest', num_before: v, num_after: '0' })],
    ['num_after', 'get', '/messages', (v) => ({ anchor: 'oldest', num_before: '0', num_after: v })],
    ['message_ids', 'get', '/messages', (v) => ({ message_ids: `[${v}]` })],
    ['a narrow channel id', 'get', '/messages', (v) => narrowForm('channel', v)],
    ['a narrow sender id', 'get', '/messages', (v) => narrowForm('sender', v)],
    ['a narrow dm id', 'get', '/messages', (v) => narrowForm('dm', `[${v}]`)],
    ['a narrow message id', 'get', '/messages', (v) => narrowForm('id', v)],
    [
      'a channel id to send to',
      'post',
      '/messages',
      (v) => ({ type: 'stream', to: v, topic: 't', content: 'c' }),
    ],
    ['a user id to send to', 'post', '/messages', (v) => ({ type: 'direct', to: `[${v}]`, content: 'c' })],
    ['a channel id to move to', 'patch', '/messages/:message', (v) => ({ stream_id: v })],
    ['a default channel id', 'post', '/default_streams', (v) => ({ stream_id: v })],
    ['a default channel id to remove', 'delete', '/default_streams', (v) => ({ stream_id: v })],
    [
      'a principal to subscribe',
      'post',
      '/users/me/subscriptions',
      (v) => subscribeForm({ principals: `[${v}]` }),
    ],
    ['a folder to subscribe into', 'post', '/users/me/subscriptions', (v) => subscribeForm({ folder_id: v })],
    [
      'a principal to unsubscribe',
      'delete',
      '/users/me/subscriptions',
      (v) => ({ subscriptions: '["general"]', principals: `[${v}]` }),
    ],
    ['a channel folder id', 'patch', '/streams/:channel', (v) => ({ folder_id: v })],
    ['a profile field type', 'post', '/realm/profile_fields', (v) => ({ name: 'n', field_type: v })],
    ['a profile field order', 'patch', '/realm/profile_fields', (v) => ({ order: `[${v}]` })],
    [
      'a profile field id to fill',
      'patch',
      '/users/me/profile_data',
      (v) => ({ data: `[{"id":${v},"value":"x"}]` }),
    ],
    ['a profile field id to clear', 'delete', '/users/me/profile_data', (v) => ({ data: `[${v}]` })],
    ['a bot type', 'post', '/bots', (v) => ({ full_name: 'Bot', short_name: 'numbot', bot_type: v })],
    [
      'a bot interface type',
      'post',
      '/bots',
      (v) => ({ full_name: 'Bot', short_name: 'numbot2', interface_type: v }),
    ],
    [
      'a group member',
      'post',
      '/user_groups/create',
      (v) => ({ name: 'g', description: '', members: `[${v}]` }),
    ],
    [
      'a subgroup',
      'post',
      '/user_groups/create',
      (v) => ({ name: 'g', description: '', members: '[]', subgroups: `[${v}]` }),
    ],
    [
      'a group setting',
      'post',
      '/user_groups/create',
      (v) => ({ name: 'g', description: '', members: '[]', can_mention_group: v }),
    ],
    ['a member to add', 'post', '/user_groups/:group/members', (v) => ({ add: `[${v}]` })],
    ['a subgroup to add', 'post', '/user_groups/:group/subgroups', (v) => ({ add: `[${v}]` })],
    [
      'a group setting to change',
      'patch',
      '/user_groups/:group',
      (v) => ({ can_mention_group: `{"new":${v}}` }),
    ],
    ['a role', 'patch', '/users/:member', (v) => ({ role: v })],
    ['a push account id', 'post', '/mobile_push/register', (v) => pushForm(v)],
    ['an export type', 'post', '/export/realm', (v) => ({ export_type: v })],
    ['a channel folder order', 'patch', '/channel_folders', (v) => ({ order: `[${v}]` })],
    ['a queue lifespan', 'post', '/register', (v) => ({ queue_lifespan_secs: v })],
    ['a presence history limit', 'post', '/register', (v) => ({ presence_history_limit_days: v })],
    [
      'a last event id',
      'get',
      '/events',
      (v) => ({ queue_id: queueId, last_event_id: v, dont_block: 'true' }),
    ],
    ['a message id in the path', 'get', '/messages/:value', () => ({})],
    ['a user id in the path', 'get', '/users/:value', () => ({})],
    ['a channel id in the path', 'get', '/streams/:value', () => ({})],
    ['a channel id of topics', 'get', '/users/me/:value/topics', () => ({})],
    ['a user id to mute', 'post', '/users/me/muted_users/:value', () => ({})],
    ['a message id to react to', 'post', '/messages/:value/reactions', () => ({ emoji_name: 'smile' })],
    ['a group id in the path', 'get', '/user_groups/:value/members', () => ({})],
  ];

  function scheduleForm(overrides: Record<string, string>): Record<string, string> {
    return {
      type: 'stream',
      to: String(channelId),
      topic: 't',
      content: 'c',
      scheduled_delivery_timestamp: inAnHour(),
      ...overrides,
    };
  }
  function narrowForm(operator: string, operand: string): Record<string, string> {
    return {
      anchor: 'newest',
      num_before: '1',
      num_after: '0',
      narrow: `[{"operator":"${operator}","operand":${operand}}]`,
    };
  }
  function subscribeForm(overrides: Record<string, string>): Record<string, string> {
    return { subscriptions: '[{"name":"numbers-channel"}]', ...overrides };
  }
  function pushForm(accountId: string): Record<string, string> {
    return {
      token_kind: 'fcm',
      push_account_id: accountId,
      push_public_key: 'cHVibGljLWtleQ==',
      bouncer_public_key: 'bouncer',
      encrypted_push_registration: 'c2VhbGVk',
    };
  }
  function resolve(path: string, value: string): string {
    return path
      .replace(':scheduled', String(scheduledId))
      .replace(':message', String(messageId))
      .replace(':channel', String(channelId))
      .replace(':group', String(groupId))
      .replace(':member', String(member.userId))
      .replace(':value', value.replace(/^-/, ''));
  }

  // Every value is tried and every wrong answer listed, so one run shows them all.
  it.each(cases)(
    'answers %s out of range in Zulip’s envelope, never a 500',
    async (_label, method, path, form) => {
      const wrong: unknown[] = [];
      for (const value of OUT_OF_RANGE) {
        const fields = form(value);
        const as = chat.as(owner);
        const url = resolve(path, value);
        const response =
          method === 'get'
            ? await as.get(`${url}?${new URLSearchParams(fields).toString()}`)
            : await as[method](url, fields);
        const body = response.body as Record<string, unknown>;
        const zulipShaped =
          typeof body['msg'] === 'string' &&
          (body['result'] === 'success' || (body['result'] === 'error' && typeof body['code'] === 'string'));
        if (![200, 400, 404].includes(response.status) || !zulipShaped)
          wrong.push({ value, status: response.status, body });
      }
      expect(wrong).toEqual([]);
    },
  );
});
