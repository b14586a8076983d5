import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { type ChatAccount, ChatTestSystem } from './chat-test-system.js';

describe('POST /bots through the gateway', () => {
  let system: ChatTestSystem;
  let owner: ChatAccount;
  let member: ChatAccount;

  const createBot = (account: ChatAccount, form: Record<string, string>) =>
    system.http.post('/api/v1/bots').auth(account.email, account.apiKey).type('form').send(form);

  beforeAll(async () => {
    system = await ChatTestSystem.start(apiGatewayDefinition);
    owner = (await system.createRealm()).owner;
    member = await system.createUser(owner, 'builder@example.com', 'Bea Builder');
  });

  afterAll(() => system.stop());

  it('creates a generic bot that authenticates with its own key', async () => {
    const response = await createBot(member, { full_name: 'Helper Bot', short_name: 'helper' }).expect(200);
    expect(response.body).toEqual({
      result: 'success',
      msg: '',
      user_id: expect.any(Number),
      api_key: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
      avatar_url: expect.any(String),
      default_sending_stream: null,
      default_events_register_stream: null,
      default_all_public_streams: false,
    });
    const host = new URL(system.gatewayUrl).hostname;
    const me = await system.http
      .get('/api/v1/users/me')
      .auth(`helper-bot@${host}`, response.body.api_key)
      .expect(200);
    // Zulip's get_profile_backend: a bot's own row carries the bot fields and no profile_data.
    expect(me.body).toMatchObject({
      user_id: response.body.user_id,
      is_bot: true,
      full_name: 'Helper Bot',
      bot_type: 1,
      bot_owner_id: member.userId,
      max_message_id: -1,
    });
    expect(me.body).not.toHaveProperty('profile_data');
    const listed = await system.http
      .get(`/api/v1/users/${response.body.user_id}`)
      .auth(owner.email, owner.apiKey)
      .expect(200);
    expect(listed.body.user).toMatchObject({ is_bot: true, bot_type: 1, bot_owner_id: member.userId });
  });

  it('creates a bot in a realm served on localhost, whose bot addresses end in @localhost', async () => {
    // Django's EmailValidator, which Zulip uses, allows the domain localhost: a realm started on
    // http://localhost:<port> (npm start) has bots too.
    const local = (await system.createRealm('Local org', 'owner@local.example.com', { host: 'localhost' }))
      .owner;
    const response = await createBot(local, { full_name: 'Local Bot', short_name: 'local' }).expect(200);
    await system.http.get('/api/v1/users/me').auth('local-bot@localhost', response.body.api_key).expect(200);
  });

  it('creates an outgoing-webhook bot with its payload URL', async () => {
    const response = await createBot(member, {
      full_name: 'Hook Bot',
      short_name: 'hook',
      bot_type: '3',
      payload_url: JSON.stringify('https://bots.example.com/zulip'),
      interface_type: '1',
    }).expect(200);
    expect(response.body.user_id).toEqual(expect.any(Number));
  });

  it('takes a name differing from an active one only in case, as Zulip compares names exactly', async () => {
    await createBot(member, { full_name: 'helper bot', short_name: 'helper-two' }).expect(200);
  });

  it('creates an outgoing-webhook bot without a payload URL, as Zulip does (its default is empty)', async () => {
    await createBot(member, { full_name: 'Hookless', short_name: 'hookless', bot_type: '3' }).expect(200);
  });

  it.each([
    [{ full_name: 'Helper Two', short_name: 'helper' }, 'Username already in use'],
    [{ full_name: 'Helper Bot', short_name: 'another' }, 'Name is already in use!'],
    // Zulip's check_bot_name_available looks at every active account, humans too.
    [{ full_name: 'Bea Builder', short_name: 'bea' }, 'Name is already in use!'],
    [{ full_name: 'Odd Bot|15', short_name: 'oddity' }, 'Invalid format!'],
    [{ full_name: 'Odd\u0085Bot', short_name: 'oddity' }, 'Invalid characters in name!'],
    [{ full_name: 'Odd Bot', short_name: 'odd', bot_type: '9' }, 'Invalid bot type'],
    [{ full_name: 'Odd Bot', short_name: 'odd', interface_type: '7' }, 'Invalid interface type'],
    // Zulip checks payload_url whenever it is given, with the parameters.
    [{ full_name: 'Odd Bot', short_name: '  ', payload_url: '"not a url"' }, 'payload_url is not a URL'],
    [{ full_name: 'Odd Bot', short_name: 'odd', payload_url: '5' }, 'payload_url is not a string'],
    [{ full_name: 'Odd Bot', short_name: '  ' }, 'Bad name or username'],
    [{ full_name: 'x', short_name: 'tiny' }, 'Name too short!'],
  ])('refuses %j', async (form, msg) => {
    const response = await createBot(member, form).expect(400);
    expect(response.body).toEqual({ result: 'error', msg, code: 'BAD_REQUEST' });
  });

  it('refuses a guest before reading parameters', async () => {
    const guest = await system.createUser(owner, 'guest@example.com', 'Gus Guest');
    await system.setRole(owner, guest, 600);
    const response = await createBot(guest, {}).expect(400);
    expect(response.body).toEqual({
      result: 'error',
      msg: 'Not allowed for guest users',
      code: 'BAD_REQUEST',
    });
  });

  it('refuses a bot, which may not create bots (Zulip: This endpoint does not accept bot requests.)', async () => {
    const made = await createBot(member, { full_name: 'Maker Bot', short_name: 'maker' }).expect(200);
    const host = new URL(system.gatewayUrl).hostname;
    const bot = { userId: made.body.user_id, email: `maker-bot@${host}`, apiKey: made.body.api_key };
    const response = await createBot(bot, { full_name: 'Child Bot', short_name: 'child' }).expect(400);
    expect(response.body).toEqual({
      result: 'error',
      msg: 'This endpoint does not accept bot requests.',
      code: 'BAD_REQUEST',
    });
  });

  it('needs the bot names', async () => {
    const response = await createBot(member, { short_name: 'nameless' }).expect(400);
    expect(response.body).toEqual({
      result: 'error',
      msg: "Missing 'full_name' argument",
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'full_name',
    });
  });

  it('lists the caller’s own active bots, oldest first, with GET /bots, as Zulip does', async () => {
    const lister = await system.createUser(owner, 'lister@example.com', 'Lee Lister');
    const list = (account: ChatAccount) =>
      system.http.get('/api/v1/bots').auth(account.email, account.apiKey).expect(200);
    expect((await list(lister)).body).toEqual({ result: 'success', msg: '', bots: [] });
    const first = await createBot(lister, { full_name: 'First Bot', short_name: 'listed-first' }).expect(200);
    const second = await createBot(lister, { full_name: 'Second Bot', short_name: 'listed-second' }).expect(
      200,
    );
    const host = new URL(system.gatewayUrl).hostname;
    expect((await list(lister)).body).toEqual({
      result: 'success',
      msg: '',
      bots: [
        {
          username: `listed-first-bot@${host}`,
          full_name: 'First Bot',
          api_key: first.body.api_key,
          avatar_url: expect.any(String),
          default_sending_stream: null,
          default_events_register_stream: null,
          default_all_public_streams: false,
        },
        expect.objectContaining({ username: `listed-second-bot@${host}`, api_key: second.body.api_key }),
      ],
    });
    // An administrator sees only their own bots here (register's realm_bots lists the realm's).
    const ownerBots = (await list(owner)).body.bots as Array<{ username: string }>;
    expect(ownerBots.map((bot) => bot.username)).not.toContain(`listed-first-bot@${host}`);
  });
});
