import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { ChatActions } from './chat-actions.js';
import { type ChatAccount, ChatTestSystem } from './chat-test-system.js';

const badRequest = (msg: string) => ({ result: 'error', msg, code: 'BAD_REQUEST' });
const legacyShape = (status: 'active' | 'idle') => ({
  aggregated: { client: 'website', status, timestamp: expect.any(Number) },
  website: { client: 'website', status, timestamp: expect.any(Number), pushable: false },
});
const modernShape = { active_timestamp: expect.any(Number), idle_timestamp: expect.any(Number) };

describe('presence through the gateway', () => {
  let system: ChatTestSystem;
  let chat: ChatActions;
  let owner: ChatAccount;
  let ann: ChatAccount;
  let ben: ChatAccount;
  let bot: ChatAccount;

  beforeAll(async () => {
    system = await ChatTestSystem.start(apiGatewayDefinition, { CHAT_RATE_LIMIT_REQUESTS: '1000' });
    chat = new ChatActions(system);
    owner = (await system.createRealm()).owner;
    ann = await system.createUser(owner, 'ann@example.com', 'Ann');
    ben = await system.createUser(owner, 'ben@example.com', 'Ben');
    const created = await chat
      .as(owner)
      .post('/bots', { full_name: 'Pres Bot', short_name: 'pres' })
      .expect(200);
    bot = {
      userId: created.body.user_id,
      email: `pres-bot@${new URL(system.gatewayUrl).hostname}`,
      apiKey: created.body.api_key,
    };
  });

  afterAll(() => system.stop());

  const report = (who: ChatAccount, form: Record<string, string>) =>
    chat.as(who).post('/users/me/presence', form);
  // Moves a user's stored presence back in time (this server has no clock to move from outside).
  const age = (who: ChatAccount, seconds: number) =>
    system.chatApi.app.get(DataSource).query(
      `UPDATE "chat"."user_presence" SET "last_active_time" = "last_active_time" - make_interval(secs => $2),
         "last_connected_time" = "last_connected_time" - make_interval(secs => $2) WHERE "user_id" = $1`,
      [who.userId, seconds],
    );

  it('tells a user with no report yet that there is no data, and refuses bots and strangers', async () => {
    const get = (segment: string | number) => chat.as(ann).get(`/users/${segment}/presence`);
    expect((await get(ben.userId).expect(400)).body).toEqual(
      badRequest(`No presence data for ${ben.userId}`),
    );
    expect((await get('BEN@example.com').expect(400)).body).toEqual(
      badRequest('No presence data for BEN@example.com'),
    );
    expect((await get(bot.userId).expect(400)).body).toEqual(
      badRequest('Presence is not supported for bot users.'),
    );
    expect((await get(999_999).expect(400)).body).toEqual(badRequest('No such user'));
    expect((await get('nobody@example.com').expect(400)).body).toEqual(badRequest('No such user'));
  });

  it('records a report and answers the realm’s presence in the legacy format', async () => {
    const response = await report(ann, { status: 'active', new_user_input: 'true' }).expect(200);
    expect(response.body).toEqual({
      result: 'success',
      msg: '',
      presences: { 'ann@example.com': legacyShape('active') },
      server_timestamp: expect.any(Number),
      presence_last_update_id: expect.any(Number),
    });
    const now = Date.now() / 1000;
    expect(response.body.server_timestamp).toBeCloseTo(now, -1);
    expect(response.body.presences['ann@example.com'].website.timestamp).toBeLessThanOrEqual(now);

    const realm = await chat.as(ben).get('/realm/presence').expect(200);
    expect(realm.body).toEqual({
      result: 'success',
      msg: '',
      presences: { 'ann@example.com': legacyShape('active') },
      server_timestamp: expect.any(Number),
    });

    const one = await chat.as(ben).get(`/users/${ann.userId}/presence`).expect(200);
    const timestamp = response.body.presences['ann@example.com'].website.timestamp as number;
    expect(one.body).toEqual({
      result: 'success',
      msg: '',
      presence: { aggregated: { status: 'active', timestamp }, website: { status: 'active', timestamp } },
    });
    await chat.as(ben).get('/users/ANN@example.com/presence').expect(200, one.body);
  });

  it('answers the modern format incrementally after last_update_id', async () => {
    const first = await report(ben, { status: 'idle', last_update_id: '-1' }).expect(200);
    expect(first.body.presences).toEqual({
      [String(ann.userId)]: modernShape,
      [String(ben.userId)]: modernShape,
    });
    const seen = first.body.presence_last_update_id as number;
    expect(seen).toBeGreaterThan(0);

    // Nothing changed since: no presences, the client's own id back.
    const again = await report(ben, { status: 'idle', last_update_id: String(seen) }).expect(200);
    expect(again.body).toEqual({
      result: 'success',
      msg: '',
      presences: {},
      server_timestamp: expect.any(Number),
      presence_last_update_id: seen,
    });

    await report(owner, { status: 'active', ping_only: 'true' }).expect(200, { result: 'success', msg: '' });
    const later = await report(ben, { status: 'idle', last_update_id: String(seen) }).expect(200);
    expect(later.body.presences).toEqual({ [String(owner.userId)]: modernShape });
    expect(later.body.presence_last_update_id).toBe(seen + 1);
    // slim_presence asks for the modern format without the incremental protocol.
    const slim = await report(ben, { status: 'idle', slim_presence: 'true' }).expect(200);
    expect(Object.keys(slim.body.presences).sort()).toEqual(
      [ann.userId, ben.userId, owner.userId].map(String).sort(),
    );
  });

  it('writes a report within a minute of the last one only when it says more', async () => {
    const before = await report(ann, { status: 'idle', last_update_id: '0' }).expect(200);
    const after = await report(ann, { status: 'active', last_update_id: '0' }).expect(200);
    expect(after.body.presence_last_update_id).toBe(before.body.presence_last_update_id);
    expect(after.body.presences[String(ann.userId)]).toEqual(before.body.presences[String(ann.userId)]);
  });

  it('keeps to the history window and shows an old presence as offline', async () => {
    await age(owner, 20 * 86_400);
    const window = await report(ben, { status: 'idle', slim_presence: 'true' }).expect(200);
    expect(window.body.presences[String(owner.userId)]).toBeUndefined();
    const longer = await report(ben, {
      status: 'idle',
      slim_presence: 'true',
      history_limit_days: '30',
    }).expect(200);
    expect(longer.body.presences[String(owner.userId)]).toEqual(modernShape);
    const none = await report(ben, { status: 'idle', history_limit_days: '0' }).expect(200);
    expect(none.body).toMatchObject({ presences: {}, presence_last_update_id: -1 });
    const huge = await report(ben, { status: 'idle', last_update_id: '99999999999999' }).expect(200);
    expect(huge.body).toMatchObject({ presences: {}, presence_last_update_id: 99999999999999 });

    const old = await chat.as(ann).get(`/users/${owner.userId}/presence`).expect(200);
    expect(old.body.presence).toEqual({
      aggregated: { status: 'offline', timestamp: expect.any(Number) },
      website: { status: 'active', timestamp: expect.any(Number) },
    });
  });

  it('refuses a bad status, a missing one and bots, in Zulip’s words', async () => {
    expect((await report(ann, { status: 'busy' }).expect(400)).body).toEqual(
      badRequest('Invalid status: busy'),
    );
    expect((await report(ann, {}).expect(400)).body).toEqual({
      result: 'error',
      msg: "Missing 'status' argument",
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'status',
    });
    expect((await report(ann, { status: 'active', last_update_id: 'x' }).expect(400)).body).toEqual(
      badRequest('last_update_id is not valid JSON'),
    );
    expect((await report(bot, { status: 'active' }).expect(400)).body).toEqual(
      badRequest('This endpoint does not accept bot requests.'),
    );
  });

  it('gives POST /register the presences in the format the client asked for', async () => {
    const register = (form: Record<string, string>) =>
      chat
        .as(ann)
        .post('/register', { fetch_event_types: '["presence"]', ...form })
        .expect(200);
    const legacy = await register({});
    // Ben only ever reported idle: as in Zulip, the date he joined stands in for his last
    // activity, and that is within 70 s of his report, so the legacy format says active.
    expect(legacy.body.presences['ben@example.com']).toEqual(legacyShape('active'));
    expect(legacy.body.presence_last_update_id).toEqual(expect.any(Number));
    expect(legacy.body.server_timestamp).toEqual(expect.any(Number));
    const slim = await register({ slim_presence: 'true' });
    expect(slim.body.presences[String(ben.userId)]).toEqual(modernShape);
    const simplified = await register({ client_capabilities: '{"simplified_presence_events":true}' });
    expect(simplified.body.presences[String(ben.userId)]).toEqual(modernShape);
    const windowless = await register({ presence_history_limit_days: '0' });
    expect(windowless.body).toMatchObject({ presences: {}, presence_last_update_id: -1 });
  });

  it('announces a user coming online to each queue in its own format', async () => {
    const newcomer = await system.createUser(owner, 'cat@example.com', 'Cat');
    const legacy = await chat.registerQueue(ben, ['presence'], {});
    const slim = await chat
      .as(ben)
      .post('/register', { event_types: '["presence"]', slim_presence: 'true' })
      .expect(200);
    const simplified = await chat.registerQueue(ben, ['presence'], { simplified_presence_events: true });
    await report(newcomer, { status: 'active' }).expect(200);
    // A second report so soon changes nothing and announces nothing.
    await report(newcomer, { status: 'active' }).expect(200);

    const website = { client: 'website', status: 'active', timestamp: expect.any(Number), pushable: false };
    const slimEvent = {
      type: 'presence',
      user_id: newcomer.userId,
      server_timestamp: expect.any(Number),
      presence: { website },
      id: 0,
    };
    expect(await chat.queuedEvents(ben, legacy.queue_id, 1)).toEqual([
      { ...slimEvent, email: 'cat@example.com' },
    ]);
    expect(await chat.queuedEvents(ben, slim.body.queue_id as string, 1)).toEqual([slimEvent]);
    expect(await chat.queuedEvents(ben, simplified.queue_id, 1)).toEqual([
      { type: 'presence', presences: { [String(newcomer.userId)]: modernShape }, id: 0 },
    ]);

    // Back after being away: announced again.
    await age(newcomer, 600);
    await report(newcomer, { status: 'active' }).expect(200);
    await chat.queuedEvents(ben, simplified.queue_id, 2);
  });
});
