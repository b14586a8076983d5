import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { expectEventually } from '@platform/test-support';
// The sandbox is a tool, not a lib: e2e suites start its simulators from source (tools/sandbox/README.md).
// eslint-disable-next-line @nx/enforce-module-boundaries
import {
  startPushBouncer,
  type BouncerCall,
  type PushBouncerSimulator,
} from '../../../tools/sandbox/src/push-bouncer/push-bouncer.simulator.js';
import { ChatActions } from './chat-actions.js';
import { type ChatAccount, ChatTestSystem } from './chat-test-system.js';

const SERVER_UUID = '6cde5f7a-1f7e-4978-9716-49f69ebfc9fe';
const APNS_TOKEN = 'c0ffee00c0ffee00';
const FCM_TOKEN = 'fcm-registration-token-of-a-phone';
const badRequest = (msg: string) => ({ result: 'error', msg, code: 'BAD_REQUEST' });

interface PushDeviceEvent {
  type: string;
  push_account_id: string;
  status: string;
  error_code?: string;
}

describe('mobile push devices and notifications through the sandbox bouncer', () => {
  let bouncer: PushBouncerSimulator;
  let system: ChatTestSystem;
  let chat: ChatActions;
  let owner: ChatAccount;
  let phoneUser: ChatAccount;
  let sender: ChatAccount;
  let pest: ChatAccount;

  beforeAll(async () => {
    bouncer = await startPushBouncer();
    system = await ChatTestSystem.start(apiGatewayDefinition, {
      CHAT_RATE_LIMIT_REQUESTS: '1000',
      CHAT_PUSH_BOUNCER_URL: bouncer.url,
      CHAT_PUSH_SERVER_UUID: SERVER_UUID,
      CHAT_PUSH_SERVER_KEY: 'push-server-key-of-this-server',
      CHAT_PUSH_POLL_MS: '200',
    });
    chat = new ChatActions(system);
    owner = (await system.createRealm('Push org', 'push-owner@example.com')).owner;
    phoneUser = await system.createUser(owner, 'phone@example.com', 'Pat Phone');
    sender = await system.createUser(owner, 'sender@example.com', 'Sam Sender');
    pest = await system.createUser(owner, 'pest@example.com', 'Pete Pest');
  });

  afterAll(async () => {
    await system.stop();
    await bouncer.close();
  });

  const e2eeForm = (pushAccountId: string, extra: Record<string, string> = {}) => ({
    token_kind: 'fcm',
    push_account_id: pushAccountId,
    push_public_key: 'push-public-key-of-the-phone',
    bouncer_public_key: 'bouncer-public-key',
    encrypted_push_registration: 'encrypted-push-registration',
    ...extra,
  });
  const notifyCalls = (userId: number) =>
    bouncer.calls('notify').filter((call) => call.params['user_id'] === userId);
  const gcm = (call: BouncerCall) => call.params['gcm_payload'] as Record<string, unknown>;
  const apns = (call: BouncerCall) => call.params['apns_payload'] as Record<string, unknown>;
  const jobsDrained = () =>
    expectEventually(async () => {
      const [{ queued }] = (await system.chatApi.app
        .get(DataSource)
        .query('SELECT count(*)::int AS "queued" FROM "chat"."push_job"')) as [{ queued: number }];
      expect(queued).toBe(0);
    });

  it('refuses bots first, then checks parameters in Zulip’s order with its texts', async () => {
    const bot = await system.http
      .post('/api/v1/bots')
      .auth(owner.email, owner.apiKey)
      .type('form')
      .send({ full_name: 'Push Bot', short_name: 'pushbot' })
      .expect(200);
    const botAccount = {
      userId: bot.body.user_id,
      email: `pushbot-bot@${new URL(system.gatewayUrl).hostname}`,
      apiKey: bot.body.api_key,
    };
    for (const path of [
      '/mobile_push/register',
      '/users/me/apns_device_token',
      '/users/me/android_gcm_reg_id',
    ]) {
      const refused = await chat.as(botAccount).post(path).expect(400);
      expect(refused.body).toEqual(badRequest('This endpoint does not accept bot requests.'));
    }
    const as = chat.as(phoneUser);
    expect((await as.post('/mobile_push/register').expect(400)).body).toEqual({
      result: 'error',
      msg: "Missing 'token_kind' argument",
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'token_kind',
    });
    expect(
      (await as.post('/mobile_push/register', e2eeForm('1', { token_kind: 'wns' })).expect(400)).body,
    ).toEqual(badRequest('Invalid token_kind: Value error, Not in the list of possible values'));
    expect((await as.post('/mobile_push/register', e2eeForm('1.5')).expect(400)).body).toEqual(
      badRequest('push_account_id is not an integer'),
    );
    expect(
      (await as.post('/mobile_push/register', e2eeForm('9223372036854775808')).expect(400)).body,
    ).toEqual(badRequest('push_account_id is too large'));
    expect(
      (await as.post('/users/me/apns_device_token', { token: APNS_TOKEN, appid: 'not an id!' }).expect(400))
        .body,
    ).toEqual(badRequest('appid has invalid format'));
    expect(
      (await as.post('/users/me/apns_device_token', { token: '', appid: 'org.zulip.Zulip' }).expect(400))
        .body,
    ).toEqual(badRequest('Empty or invalid length token'));
    expect(
      (await as.post('/users/me/android_gcm_reg_id', { token: 'x'.repeat(4097) }).expect(400)).body,
    ).toEqual(badRequest('Empty or invalid length token'));
    expect(
      (await as.post('/users/me/apns_device_token', { token: 'xyz', appid: 'org.zulip.Zulip' }).expect(400))
        .body,
    ).toEqual(badRequest('Invalid APNS token'));
    expect(bouncer.calls()).toEqual([]);
  });

  it('registers an E2EE device with the bouncer, reports it active, and is idempotent per account id', async () => {
    const { queue_id } = await chat.registerQueue(phoneUser, ['push_device'], {});
    await chat.as(phoneUser).post('/mobile_push/register', e2eeForm('2408')).expect(200);
    const [event] = await chat.queuedEvents<PushDeviceEvent>(phoneUser, queue_id, 1);
    expect(event).toMatchObject({ type: 'push_device', push_account_id: '2408', status: 'active' });
    expect(event).not.toHaveProperty('error_code');
    const [call] = bouncer.calls('e2ee/register');
    expect(call).toMatchObject({
      serverUuid: SERVER_UUID,
      params: {
        push_account_id: '2408',
        encrypted_push_registration: 'encrypted-push-registration',
        bouncer_public_key: 'bouncer-public-key',
        realm_uuid: expect.stringMatching(
          /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
        ),
      },
    });
    await chat.as(phoneUser).post('/mobile_push/register', e2eeForm('2408')).expect(200);
    await jobsDrained();
    expect(bouncer.calls('e2ee/register')).toHaveLength(1);
    const state = await chat.registeredState<{ push_devices: unknown }>(phoneUser, ['push_device']);
    expect(state.push_devices).toEqual({ '2408': { status: 'active', error_code: null } });
  });

  it('reports a registration the bouncer refuses as failed with Zulip’s code, and registers it again on request', async () => {
    const { queue_id } = await chat.registerQueue(phoneUser, ['push_device'], {});
    bouncer.refuseRegistrations({ code: 'INVALID_BOUNCER_PUBLIC_KEY', msg: 'Invalid bouncer_public_key' });
    await chat.as(phoneUser).post('/mobile_push/register', e2eeForm('5555')).expect(200);
    const [failed] = await chat.queuedEvents<PushDeviceEvent>(phoneUser, queue_id, 1);
    expect(failed).toEqual({
      type: 'push_device',
      push_account_id: '5555',
      status: 'failed',
      error_code: 'INVALID_BOUNCER_PUBLIC_KEY',
      id: expect.any(Number),
    });
    bouncer.refuseRegistrations(null);
    await chat.as(phoneUser).post('/mobile_push/register', e2eeForm('5555')).expect(200);
    const events = await chat.queuedEvents<PushDeviceEvent>(phoneUser, queue_id, 2);
    expect(events[1]).toMatchObject({ push_account_id: '5555', status: 'active' });
  });

  it('registers legacy tokens with the bouncer and notifies the phones of a direct message', async () => {
    await chat
      .as(phoneUser)
      .post('/users/me/apns_device_token', { token: APNS_TOKEN, appid: 'org.zulip.Zulip' })
      .expect(200);
    await chat.as(phoneUser).post('/users/me/android_gcm_reg_id', { token: FCM_TOKEN }).expect(200);
    await expectEventually(() => expect(bouncer.calls('register')).toHaveLength(2));
    const registered = bouncer.calls('register').map((call) => call.params);
    expect(registered).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          token: APNS_TOKEN,
          token_kind: '1',
          ios_app_id: 'org.zulip.Zulip',
          user_id: String(phoneUser.userId),
          server_uuid: SERVER_UUID,
        }),
        expect.objectContaining({ token: FCM_TOKEN, token_kind: '2', user_id: String(phoneUser.userId) }),
      ]),
    );

    const messageId = await chat.direct(sender, [phoneUser], 'Are you **there** & ready?');
    const [call] = await expectEventually(() => {
      const calls = notifyCalls(phoneUser.userId);
      expect(calls).toHaveLength(1);
      return calls;
    });
    expect(call!.params).toMatchObject({
      user_id: phoneUser.userId,
      apple_devices: [APNS_TOKEN],
      android_devices: [FCM_TOKEN],
      gcm_options: { priority: 'high' },
    });
    const host = new URL(system.gatewayUrl).host;
    expect(gcm(call!)).toEqual({
      server: host,
      realm_id: expect.any(Number),
      realm_uri: expect.stringContaining(host),
      realm_url: expect.stringContaining(host),
      realm_name: 'Push org',
      user_id: phoneUser.userId,
      sender_id: sender.userId,
      sender_email: sender.email,
      time: expect.any(Number),
      recipient_type: 'private',
      event: 'message',
      zulip_message_id: messageId,
      content: 'Are you there & ready?',
      content_truncated: false,
      sender_full_name: 'Sam Sender',
      sender_avatar_url: expect.stringMatching(/^https:\/\//),
    });
    expect(apns(call!)).toEqual({
      alert: { title: 'Sam Sender', subtitle: '', body: 'Are you there & ready?' },
      sound: 'default',
      badge: 0,
      custom: { zulip: expect.objectContaining({ message_ids: [messageId], recipient_type: 'private' }) },
    });
  });

  it('sends nothing for a muted sender, and a removal notice once the notified message is read', async () => {
    await chat.as(phoneUser).post(`/users/me/muted_users/${pest.userId}`).expect(200);
    const muted = await chat.direct(pest, [phoneUser], 'you cannot mute me');
    const notified = await chat.direct(sender, [phoneUser], 'second message');
    await expectEventually(() =>
      expect(notifyCalls(phoneUser.userId).map((call) => gcm(call)['zulip_message_id'])).toContain(notified),
    );
    await jobsDrained();
    expect(notifyCalls(phoneUser.userId).map((call) => gcm(call)['zulip_message_id'])).not.toContain(muted);

    await chat
      .as(phoneUser)
      .post('/messages/flags', { messages: JSON.stringify([notified]), op: 'add', flag: 'read' })
      .expect(200);
    const removal = await expectEventually(() => {
      const removals = notifyCalls(phoneUser.userId).filter((call) => gcm(call)['event'] === 'remove');
      expect(removals).toHaveLength(1);
      return removals[0]!;
    });
    expect(gcm(removal)).toMatchObject({
      event: 'remove',
      zulip_message_ids: String(notified),
      zulip_message_id: notified,
    });
    expect(removal.params['gcm_options']).toEqual({ priority: 'normal' });
    expect(apns(removal)).toEqual({
      badge: 0,
      custom: { zulip: expect.objectContaining({ event: 'remove', zulip_message_ids: String(notified) }) },
    });
  });

  it('notifies a user a channel message mentions, not the other subscribers, and removes it once deleted', async () => {
    const streamId = await chat.channel(sender, 'launch', [phoneUser, owner]);
    await chat.as(owner).post('/users/me/android_gcm_reg_id', { token: 'owner-fcm-token' }).expect(200);
    const mention = await chat.toChannel(sender, streamId, 'countdown', 'ready, @**Pat Phone**?');
    await expectEventually(() =>
      expect(notifyCalls(phoneUser.userId).map((call) => gcm(call)['zulip_message_id'])).toContain(mention),
    );
    const call = notifyCalls(phoneUser.userId).find(
      (candidate) => gcm(candidate)['zulip_message_id'] === mention,
    )!;
    expect(gcm(call)).toMatchObject({
      recipient_type: 'stream',
      stream: 'launch',
      stream_id: streamId,
      topic: 'countdown',
    });
    expect(apns(call)['alert']).toEqual({
      title: '#launch > countdown',
      subtitle: 'Sam Sender mentioned you:',
      body: 'ready, @Pat Phone?',
    });
    await jobsDrained();
    expect(notifyCalls(owner.userId)).toEqual([]);

    // A deleted message's notification comes off the phones too.
    await chat.as(owner).delete(`/messages/${mention}`).expect(200);
    await expectEventually(() =>
      expect(
        notifyCalls(phoneUser.userId).filter(
          (removal) =>
            gcm(removal)['event'] === 'remove' && gcm(removal)['zulip_message_ids'] === String(mention),
        ),
      ).toHaveLength(1),
    );
  });

  it('removes every read notification when all is marked read, though its event names no messages', async () => {
    const first = await chat.direct(sender, [phoneUser], 'first of two');
    const second = await chat.direct(sender, [phoneUser], 'second of two');
    await expectEventually(() =>
      expect(notifyCalls(phoneUser.userId).map((call) => gcm(call)['zulip_message_id'])).toEqual(
        expect.arrayContaining([first, second]),
      ),
    );
    await chat
      .as(phoneUser)
      .post('/mark_all_as_read')
      .expect(200, { result: 'success', msg: '', complete: true });
    // With them, the first test's message, notified and never read.
    await expectEventually(() =>
      expect(
        notifyCalls(phoneUser.userId)
          .filter((call) => gcm(call)['event'] === 'remove')
          .map((call) => String(gcm(call)['zulip_message_ids'])),
      ).toContainEqual(expect.stringMatching(new RegExp(`,${first},${second}$`))),
    );
  });

  it('unregisters removed tokens and a deactivated account’s, and counts registrations and notifications', async () => {
    await chat.as(phoneUser).delete('/users/me/apns_device_token', { token: APNS_TOKEN }).expect(200);
    // With a push service, a token this server does not know is still passed on (Zulip's rule).
    await chat
      .as(phoneUser)
      .delete('/users/me/android_gcm_reg_id', { token: 'never-registered' })
      .expect(200);
    // A deactivated account's tokens are dropped and unregistered (Zulip's clear_push_device_tokens).
    const leaver = await system.createUser(owner, 'leaver@example.com', 'Lee Leaver');
    await chat.as(leaver).post('/users/me/android_gcm_reg_id', { token: 'leaver-fcm-token' }).expect(200);
    await chat.as(owner).delete(`/users/${leaver.userId}`).expect(200);
    await expectEventually(() => expect(bouncer.calls('unregister')).toHaveLength(3));
    expect(bouncer.calls('unregister').map((call) => call.params['token'])).toEqual(
      expect.arrayContaining([APNS_TOKEN, 'never-registered', 'leaver-fcm-token']),
    );
    const metrics = (await request(system.chatApi.app.getHttpServer()).get('/metrics').expect(200)).text;
    expect(metrics).toMatch(
      /chat_push_registrations_total\{generation="e2ee",outcome="registered",service="chat-api"\} 2/,
    );
    expect(metrics).toMatch(
      /chat_push_registrations_total\{generation="e2ee",outcome="failed",service="chat-api"\} 1/,
    );
    expect(metrics).toMatch(
      /chat_push_notifications_total\{kind="message",outcome="sent",service="chat-api"\} [1-9]/,
    );
    expect(metrics).toMatch(
      /chat_push_notifications_total\{kind="remove",outcome="sent",service="chat-api"\} 3/,
    );
  });
});
