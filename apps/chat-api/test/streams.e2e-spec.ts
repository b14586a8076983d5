import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { type ChatAccount, ChatTestSystem } from './chat-test-system.js';

describe('channels and subscriptions through the gateway', () => {
  let system: ChatTestSystem;
  let owner: ChatAccount;
  let alice: ChatAccount;
  let bob: ChatAccount;

  beforeAll(async () => {
    system = await ChatTestSystem.start(apiGatewayDefinition);
    owner = (await system.createRealm()).owner;
    alice = await system.createUser(owner, 'alice@example.com', 'Alice Doe');
    bob = await system.createUser(owner, 'bob@example.com', 'Bob Roe');
  });

  afterAll(() => system.stop());

  const as = (account: ChatAccount) => ({
    get: (path: string) => system.http.get(`/api/v1${path}`).auth(account.email, account.apiKey),
    post: (path: string, form: Record<string, string>) =>
      system.http.post(`/api/v1${path}`).auth(account.email, account.apiKey).type('form').send(form),
    delete: (path: string, form: Record<string, string> = {}) =>
      system.http.delete(`/api/v1${path}`).auth(account.email, account.apiKey).type('form').send(form),
  });
  const subscribe = (account: ChatAccount, names: string[], extra: Record<string, string> = {}) =>
    as(account).post('/users/me/subscriptions', {
      subscriptions: JSON.stringify(names.map((name) => ({ name }))),
      ...extra,
    });

  it('creates a channel on first subscription and reports who was subscribed', async () => {
    const response = await subscribe(alice, ['general']).expect(200);
    expect(response.body).toEqual({
      result: 'success',
      msg: '',
      subscribed: { [String(alice.userId)]: ['general'] },
      already_subscribed: {},
    });
    const again = await subscribe(alice, ['General'], { announce: 'true' }).expect(200);
    expect(again.body).not.toHaveProperty('ignored_parameters_unsupported');
    expect(again.body.already_subscribed).toEqual({ [String(alice.userId)]: ['general'] });
  });

  it('subscribes other users through principals', async () => {
    const response = await subscribe(alice, ['general'], { principals: JSON.stringify([bob.email]) }).expect(
      200,
    );
    expect(response.body.subscribed).toEqual({ [String(bob.userId)]: ['general'] });
    const mine = await as(bob).get('/users/me/subscriptions?include_subscribers=true').expect(200);
    expect(mine.body.subscriptions).toEqual([
      expect.objectContaining({
        name: 'general',
        invite_only: false,
        subscribers: [alice.userId, bob.userId],
        subscriber_count: 2,
        // The Notification Bot's creation notice.
        first_message_id: expect.any(Number),
        folder_id: null,
        topics_policy: 'inherit',
        color: expect.any(String),
      }),
    ]);
  });

  it('refuses an unknown principal', async () => {
    const response = await subscribe(alice, ['general'], { principals: JSON.stringify([9999]) }).expect(400);
    expect(response.body).toEqual({ result: 'error', msg: 'No such user', code: 'BAD_REQUEST' });
  });

  it('validates the channel name and the subscriptions list', async () => {
    const blank = await subscribe(alice, ['  ']).expect(400);
    expect(blank.body).toEqual({ result: 'error', msg: "Channel name can't be empty.", code: 'BAD_REQUEST' });
    const long = await subscribe(alice, ['x'.repeat(61)]).expect(400);
    expect(long.body).toEqual({
      result: 'error',
      msg: 'Channel name too long (limit: 60 characters).',
      code: 'BAD_REQUEST',
    });
    const notList = await as(alice)
      .post('/users/me/subscriptions', { subscriptions: '{"name":"x"}' })
      .expect(400);
    expect(notList.body).toEqual({
      result: 'error',
      msg: 'subscriptions is not a list',
      code: 'BAD_REQUEST',
    });
    const noName = await as(alice)
      .post('/users/me/subscriptions', { subscriptions: '[{"nom":"x"}]' })
      .expect(400);
    expect(noName.body).toEqual({
      result: 'error',
      msg: 'subscriptions[0]["name"] is not a string',
      code: 'BAD_REQUEST',
    });
  });

  describe('private channels', () => {
    let secretId: number;

    beforeAll(async () => {
      await subscribe(alice, ['secret'], { invite_only: 'true' }).expect(200);
      const streams = await as(alice).get('/streams').expect(200);
      secretId = streams.body.streams.find((s: { name: string }) => s.name === 'secret').stream_id;
    });

    it('protects history by default and hides the channel from non-subscribers', async () => {
      const seen = await as(alice).get(`/streams/${secretId}`).expect(200);
      expect(seen.body.stream).toMatchObject({
        name: 'secret',
        invite_only: true,
        history_public_to_subscribers: false,
      });
      const hidden = await as(bob).get(`/streams/${secretId}`).expect(400);
      expect(hidden.body).toEqual({ result: 'error', msg: 'Invalid channel ID', code: 'BAD_REQUEST' });
      const listed = await as(bob).get('/streams').expect(200);
      expect(listed.body.streams.map((s: { name: string }) => s.name)).toEqual(['general']);
    });

    it('refuses to let a non-subscriber join, or lists it when errors are not fatal', async () => {
      const fatal = await subscribe(bob, ['secret']).expect(400);
      expect(fatal.body).toEqual({
        result: 'error',
        msg: 'Unable to access channel (secret).',
        code: 'BAD_REQUEST',
      });
      const lenient = await subscribe(bob, ['secret'], { authorization_errors_fatal: 'false' }).expect(200);
      expect(lenient.body).toEqual({
        result: 'success',
        msg: '',
        subscribed: {},
        already_subscribed: {},
        unauthorized: ['secret'],
      });
    });

    it('refuses an administrator who is not subscribed, who sees the channel but not its content (Zulip 11)', async () => {
      for (const principals of [undefined, JSON.stringify([bob.userId])]) {
        const response = await subscribe(owner, ['secret'], principals ? { principals } : {}).expect(400);
        expect(response.body).toEqual({
          result: 'error',
          msg: 'Unable to access channel (secret).',
          code: 'BAD_REQUEST',
        });
      }
    });

    it('lets an administrator see it', async () => {
      await as(owner).get(`/streams/${secretId}`).expect(200);
    });
  });

  it('refuses a guest, who cannot subscribe (Zulip: require_non_guest_user), before reading parameters', async () => {
    const guest = await system.createUser(owner, 'guest@example.com', 'Gus Guest');
    await system.setRole(owner, guest, 600);
    const forms: Array<Record<string, string>> = [
      { subscriptions: JSON.stringify([{ name: 'general' }]) },
      {},
    ];
    for (const form of forms) {
      const response = await as(guest).post('/users/me/subscriptions', form).expect(400);
      expect(response.body).toEqual({
        result: 'error',
        msg: 'Not allowed for guest users',
        code: 'BAD_REQUEST',
      });
    }
    await subscribe(alice, ['general'], { principals: JSON.stringify([guest.userId]) }).expect(200);
  });

  it('unsubscribes and reports what was not subscribed', async () => {
    await subscribe(bob, ['leaving']).expect(200);
    const response = await as(bob)
      .delete('/users/me/subscriptions', { subscriptions: '["leaving"]' })
      .expect(200);
    expect(response.body).toEqual({ result: 'success', msg: '', removed: ['leaving'], not_removed: [] });
    const again = await as(bob)
      .delete('/users/me/subscriptions', { subscriptions: '["leaving"]' })
      .expect(200);
    expect(again.body).toEqual({ result: 'success', msg: '', removed: [], not_removed: ['leaving'] });
    // Zulip's list_to_streams: every missing channel named at once, code BAD_REQUEST.
    const missing = await as(bob)
      .delete('/users/me/subscriptions', { subscriptions: '["nowhere", "leaving", " elsewhere "]' })
      .expect(400);
    expect(missing.body).toEqual({
      result: 'error',
      msg: 'Channel(s) (nowhere, elsewhere) do not exist',
      code: 'BAD_REQUEST',
    });
  });

  it('lets a member unsubscribe their own bot, not someone else', async () => {
    const bot = await as(bob).post('/bots', { full_name: 'Bob Bot', short_name: 'bobbot' }).expect(200);
    await subscribe(bob, ['bot room'], { principals: JSON.stringify([bob.userId, bot.body.user_id]) }).expect(
      200,
    );
    const own = await as(bob)
      .delete('/users/me/subscriptions', {
        subscriptions: '["bot room"]',
        principals: JSON.stringify([bot.body.user_id]),
      })
      .expect(200);
    expect(own.body).toEqual({ result: 'success', msg: '', removed: ['bot room'], not_removed: [] });
    const other = await as(alice)
      .delete('/users/me/subscriptions', {
        subscriptions: '["bot room"]',
        principals: JSON.stringify([bob.userId]),
      })
      .expect(400);
    expect(other.body).toEqual({ result: 'error', msg: 'Insufficient permission', code: 'BAD_REQUEST' });
  });

  it('archives a channel (its creator or an administrator) and keeps it out of the list', async () => {
    await subscribe(alice, ['old news']).expect(200);
    const { body } = await as(alice).get('/streams').expect(200);
    const id = body.streams.find((s: { name: string }) => s.name === 'old news').stream_id;
    // Zulip 11: can_administer_channel_group (by default the creator) or an administrator.
    const refused = await as(bob).delete(`/streams/${id}`).expect(400);
    expect(refused.body).toEqual({
      result: 'error',
      msg: 'You do not have permission to administer this channel.',
      code: 'BAD_REQUEST',
    });
    await as(alice).delete(`/streams/${id}`).expect(200, { result: 'success', msg: '' });
    const again = await as(owner).delete(`/streams/${id}`).expect(400);
    expect(again.body).toEqual({
      result: 'error',
      msg: 'Channel is already deactivated',
      code: 'BAD_REQUEST',
    });
    const after = await as(alice).get('/streams').expect(200);
    expect(after.body.streams.map((s: { name: string }) => s.name)).not.toContain('old news');
    const archived = await as(alice).get('/streams?exclude_archived=false').expect(200);
    expect(archived.body.streams).toContainEqual(
      expect.objectContaining({ name: 'old news', is_archived: true }),
    );
    // Zulip's access_stream_by_id requires an active channel.
    const one = await as(alice).get(`/streams/${id}`).expect(400);
    expect(one.body).toEqual({ result: 'error', msg: 'Invalid channel ID', code: 'BAD_REQUEST' });
  });

  it('lets an administrator archive a private channel they are not in, and hides it from others', async () => {
    await subscribe(alice, ['hidden plans'], { invite_only: 'true' }).expect(200);
    const { body } = await as(alice).get('/streams').expect(200);
    const id = body.streams.find((s: { name: string }) => s.name === 'hidden plans').stream_id;
    const hidden = await as(bob).delete(`/streams/${id}`).expect(400);
    expect(hidden.body).toEqual({ result: 'error', msg: 'Invalid channel ID', code: 'BAD_REQUEST' });
    const missing = await as(owner).delete('/streams/999999').expect(400);
    expect(missing.body).toEqual({ result: 'error', msg: 'Invalid channel ID', code: 'BAD_REQUEST' });
    await as(owner).delete(`/streams/${id}`).expect(200);
  });

  it('answers a non-numeric channel id with the 404 of an unknown path', async () => {
    const response = await as(alice).get('/streams/abc').expect(404);
    expect(response.body).toEqual({ result: 'error', msg: 'Not Found', code: 'BAD_REQUEST' });
  });

  it('has the Notification Bot tell people someone else subscribed them to existing channels', async () => {
    const dms = async (account: ChatAccount) =>
      (
        await as(account)
          .get(
            `/messages?anchor=newest&num_before=20&num_after=0&apply_markdown=false&narrow=${encodeURIComponent('[{"operator":"is","operand":"dm"}]')}`,
          )
          .expect(200)
      ).body.messages as Array<{ content: string; sender_full_name: string }>;
    await subscribe(alice, ['zeta', 'alpha']).expect(200);
    const carol = await system.createUser(owner, 'carol@example.com', 'Carol Poe');
    // Two existing channels and a new one (not announced: it did not exist), for Carol and Alice.
    await subscribe(alice, ['zeta', 'alpha', 'brand new'], {
      principals: JSON.stringify([carol.userId, alice.userId]),
    }).expect(200);
    expect(await dms(carol)).toEqual([
      expect.objectContaining({
        sender_full_name: 'Notification Bot',
        sender_email: 'notification-bot@zulip.com',
        // A system bot: Zulip's internal realm.
        sender_realm_str: 'zulipinternal',
        content:
          `@_**Alice Doe|${alice.userId}** subscribed you to the following channels:\n\n` +
          '* #**alpha**\n* #**zeta**',
      }),
    ]);
    await subscribe(bob, ['zeta'], { principals: JSON.stringify([carol.userId]) }).expect(200);
    await subscribe(bob, ['alpha'], { principals: JSON.stringify([bob.userId]) }).expect(200);
    const told = await dms(carol);
    expect(told).toHaveLength(1);
    await subscribe(alice, ['zeta'], { principals: JSON.stringify([bob.userId]) }).expect(200);
    expect((await dms(bob)).map((message) => message.content)).toEqual([
      `@_**Alice Doe|${alice.userId}** subscribed you to #**general**.`,
      `@_**Alice Doe|${alice.userId}** subscribed you to #**zeta**.`,
    ]);
    // Nobody is told about subscribing themselves.
    expect(await dms(alice)).toEqual([]);
  });

  it('lists channels by name, and registers the ones left and never joined as Zulip does', async () => {
    const dora = await system.createUser(owner, 'dora@example.com', 'Dora Dee');
    await subscribe(dora, ['Zulu', 'alpha', 'Mike', 'quitting']).expect(200);
    await as(dora).delete('/users/me/subscriptions', { subscriptions: '["quitting"]' }).expect(200);
    const names = (rows: Array<{ name: string }>) => rows.map((row) => row.name);
    const mine = await as(dora).get('/users/me/subscriptions').expect(200);
    // Python's sort: upper case before lower case.
    expect(names(mine.body.subscriptions)).toEqual(['Mike', 'Zulu', 'alpha']);
    const listed = await as(dora).get('/streams').expect(200);
    const all = names(listed.body.streams);
    expect(all).toEqual([...all].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const state = await as(dora).post('/register', { fetch_event_types: '["subscription"]' }).expect(200);
    expect(names(state.body.subscriptions)).toEqual(['Mike', 'Zulu', 'alpha']);
    expect(state.body.unsubscribed).toEqual([
      expect.objectContaining({ name: 'quitting', color: expect.any(String) }),
    ]);
    expect(names(state.body.never_subscribed)).toEqual(
      all.filter((name) => !['Mike', 'Zulu', 'alpha', 'quitting'].includes(name)),
    );
    expect(state.body.never_subscribed[0]).not.toHaveProperty('color');
    // first_message_id is the channel's first message: the Notification Bot's creation notice.
    const oldest = await as(dora)
      .get(
        `/messages?anchor=oldest&num_after=1&narrow=${encodeURIComponent('[{"operator":"channel","operand":"alpha"}]')}`,
      )
      .expect(200);
    const notice = oldest.body.messages[0] as { id: number; subject: string };
    expect(notice.subject).toBe('channel events');
    await as(dora)
      .post('/messages', { type: 'stream', to: 'alpha', topic: 'hello', content: 'later' })
      .expect(200);
    const alpha = (await as(dora).get('/streams').expect(200)).body.streams.find(
      (row: { name: string }) => row.name === 'alpha',
    );
    const withSubscribers = await as(dora)
      .get('/users/me/subscriptions?include_subscribers=true')
      .expect(200);
    const subscribers = withSubscribers.body.subscriptions.find(
      (row: { name: string }) => row.name === 'alpha',
    ).subscribers as number[];
    expect(alpha).toMatchObject({ first_message_id: notice.id, subscriber_count: subscribers.length });
  });

  it('posts Zulip\'s creation notice in the new channel\'s "channel events" topic, read for its creator', async () => {
    await subscribe(alice, ['announced'], {
      principals: JSON.stringify([alice.userId, bob.userId]),
      invite_only: 'true',
      history_public_to_subscribers: 'true',
    }).expect(200);
    await subscribe(alice, ['described'], { principals: JSON.stringify([bob.userId]) }).expect(200);
    const narrow = (name: string) =>
      `/messages?anchor=newest&num_before=5&apply_markdown=false&narrow=${encodeURIComponent(
        JSON.stringify([{ operator: 'channel', operand: name }]),
      )}`;
    const forAlice = (await as(alice).get(narrow('announced')).expect(200)).body.messages;
    expect(forAlice).toEqual([
      expect.objectContaining({
        sender_full_name: 'Notification Bot',
        subject: 'channel events',
        content:
          `**Private, shared history** channel created by @_**Alice Doe|${alice.userId}**. **Description:**\n` +
          '```` quote\n*No description.*\n````',
        flags: ['read'],
      }),
    ]);
    const forBob = (await as(bob).get(narrow('announced')).expect(200)).body.messages;
    expect(forBob).toEqual([expect.objectContaining({ id: forAlice[0].id, flags: [] })]);
    const streams = (await as(bob).get('/users/me/subscriptions').expect(200)).body.subscriptions;
    const announced = streams.find((stream: { name: string }) => stream.name === 'announced');
    expect(announced.first_message_id).toBe(forAlice[0].id);
    const topics = await as(bob).get(`/users/me/${announced.stream_id}/topics`).expect(200);
    expect(topics.body.topics).toEqual([{ name: 'channel events', max_id: forAlice[0].id }]);
    // Only the principals are subscribed, so the creator holds no copy; Bob's is unread.
    const described = (await as(bob).get(narrow('described')).expect(200)).body.messages;
    expect(described).toEqual([
      expect.objectContaining({
        content:
          `**Public** channel created by @_**Alice Doe|${alice.userId}**. **Description:**\n` +
          '```` quote\n*No description.*\n````',
        flags: [],
      }),
    ]);
  });

  it('creates a channel with its description on one line, as Zulip does', async () => {
    await as(alice)
      .post('/users/me/subscriptions', {
        subscriptions: JSON.stringify([{ name: 'one-liner', description: 'first line\nsecond **line**' }]),
      })
      .expect(200);
    const { body } = await as(alice).get('/streams').expect(200);
    expect(body.streams.find((s: { name: string }) => s.name === 'one-liner')).toMatchObject({
      description: 'first line second **line**',
      rendered_description: '<p>first line second <strong>line</strong></p>',
    });
  });
});
