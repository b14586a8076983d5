import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { TEST_OPS_API_KEY } from '@platform/testing';
import { ChatActions } from './chat-actions.js';
import { type ChatAccount, type ChatRealm, ChatTestSystem } from './chat-test-system.js';

describe('chat request layer, auth, realms and users through the gateway', () => {
  let system: ChatTestSystem;
  let realm: ChatRealm;
  let owner: ChatAccount;
  let member: ChatAccount;

  beforeAll(async () => {
    system = await ChatTestSystem.start(apiGatewayDefinition, { CHAT_RATE_LIMIT_REQUESTS: '1000' });
    realm = await system.createRealm();
    owner = realm.owner;
    member = await system.createUser(owner, 'member@example.com', 'Mia Member');
  });

  afterAll(() => system.stop());

  const unauthorized = (msg: string) => ({ result: 'error', msg, code: 'UNAUTHORIZED' });

  describe('the operator bootstrap', () => {
    it('creates a realm with its owner and a 32-character API key', () => {
      expect(realm).toEqual({
        realmId: expect.any(Number),
        url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
        owner: {
          userId: expect.any(Number),
          email: 'owner@example.com',
          apiKey: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
        },
      });
    });

    it('refuses a caller without the ops key', async () => {
      await system.http
        .post('/ops/chat/realms')
        .send({ name: 'x', ownerEmail: 'a@b.co', ownerName: 'Ann' })
        .expect(401);
    });

    it('validates the body', async () => {
      const response = await system.http
        .post('/ops/chat/realms')
        .set('X-OPS-API-KEY', TEST_OPS_API_KEY)
        .send({ name: 'x', ownerEmail: 'not-an-email', ownerName: 'Ann' })
        .expect(400);
      expect(response.body).toMatchObject({ reason: 'ownerEmail must be an email' });
    });

    it('gives every realm a Notification Bot, a system bot kept out of GET /users as Zulip does', async () => {
      const [bot] = await new ChatActions(system).crossRealmBots(owner);
      expect(bot).toMatchObject({
        full_name: 'Notification Bot',
        is_bot: true,
        bot_type: 1,
        is_system_bot: true,
      });
      const listed = await system.http.get('/api/v1/users').auth(owner.email, owner.apiKey).expect(200);
      expect(listed.body.members).not.toContainEqual(
        expect.objectContaining({ full_name: 'Notification Bot' }),
      );
      const one = await system.http
        .get(`/api/v1/users/${bot!.user_id}`)
        .auth(owner.email, owner.apiKey)
        .expect(200);
      expect(Object.keys(one.body.user)).toEqual(
        expect.arrayContaining(['bot_type', 'is_system_bot', 'bot_owner_id']),
      );
    });
  });

  describe('routing', () => {
    it('answers an unknown path with 404', async () => {
      const response = await system.http
        .get('/api/v1/no_such_endpoint')
        .auth(owner.email, owner.apiKey)
        .expect(404);
      expect(response.body).toEqual({ result: 'error', msg: 'Not Found', code: 'BAD_REQUEST' });
    });

    it('answers a wrong method with 405 and the allowed methods, before authentication', async () => {
      const response = await system.http.delete('/api/v1/users').expect(405);
      expect(response.body).toEqual({
        result: 'error',
        msg: 'Method Not Allowed',
        allowed_methods: ['GET', 'POST'],
      });
    });
  });

  describe('authentication', () => {
    it('refuses a request without credentials', async () => {
      const response = await system.http.get('/api/v1/users/me').expect(401);
      expect(response.body).toEqual(
        unauthorized('Not logged in: API authentication or user session required'),
      );
      expect(response.headers['www-authenticate']).toBe('Basic realm="zulip"');
    });

    it('refuses a wrong key', async () => {
      const response = await system.http
        .get('/api/v1/users/me')
        .auth(owner.email, 'A'.repeat(32))
        .expect(401);
      expect(response.body).toEqual(unauthorized('Invalid API key'));
      expect(response.headers['www-authenticate']).toBe('Basic realm="zulip"');
    });

    it('refuses a malformed key', async () => {
      const response = await system.http.get('/api/v1/users/me').auth(owner.email, 'short').expect(401);
      expect(response.body).toEqual(unauthorized('Malformed API key'));
    });

    it("refuses another user's key", async () => {
      const response = await system.http.get('/api/v1/users/me').auth(member.email, owner.apiKey).expect(401);
      expect(response.body).toEqual(unauthorized('Invalid API key'));
    });

    it('matches the email case-insensitively and trims whitespace', async () => {
      const response = await system.http
        .get('/api/v1/users/me')
        .auth(' OWNER@Example.com ', owner.apiKey)
        .expect(200);
      expect(response.body).toMatchObject({ result: 'success', msg: '', user_id: owner.userId, role: 100 });
    });

    it('checks credentials before parameters', async () => {
      const response = await system.http.post('/api/v1/messages').type('form').send({}).expect(401);
      expect(response.body).toEqual(
        unauthorized('Not logged in: API authentication or user session required'),
      );
    });

    it('refuses another scheme', async () => {
      const response = await system.http
        .get('/api/v1/users/me')
        .set('Authorization', 'Bearer abc')
        .expect(400);
      expect(response.body).toEqual({
        result: 'error',
        msg: 'This endpoint requires HTTP basic authentication.',
        code: 'BAD_REQUEST',
      });
    });

    it('reports the rate limit in headers', async () => {
      const response = await system.http.get('/api/v1/users/me').auth(owner.email, owner.apiKey).expect(200);
      expect(response.headers['x-ratelimit-limit']).toBe('1000');
      expect(Number(response.headers['x-ratelimit-remaining'])).toBeLessThan(1000);
      expect(Number(response.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
    });

    it('answers without an ETag, so asking again is never a 304 (Zulip sends none)', async () => {
      const first = await system.http.get('/api/v1/users/me').auth(owner.email, owner.apiKey).expect(200);
      expect(first.headers['etag']).toBeUndefined();
      await system.http
        .get('/api/v1/users/me')
        .auth(owner.email, owner.apiKey)
        .set('If-None-Match', 'W/"0-0"')
        .expect(200);
    });
  });

  describe('the envelope', () => {
    it('lists unused parameters, sorted, never client, from query and body', async () => {
      const response = await system.http
        .post('/api/v1/messages?zeta=1&client=website')
        .auth(owner.email, owner.apiKey)
        .type('form')
        .send({ type: 'direct', to: JSON.stringify([member.userId]), content: 'hi', alpha: 'x' })
        .expect(200);
      expect(response.body).toEqual({
        result: 'success',
        msg: '',
        id: expect.any(Number),
        ignored_parameters_unsupported: ['alpha', 'zeta'],
      });
    });

    it('leaves the list out when every parameter was used, and out of errors', async () => {
      const ok = await system.http.get('/api/v1/users/me').auth(owner.email, owner.apiKey).expect(200);
      expect(ok.body).not.toHaveProperty('ignored_parameters_unsupported');
      const refused = await system.http
        .post('/api/v1/messages')
        .auth(owner.email, owner.apiKey)
        .type('form')
        .send({ type: 'direct', unknown: '1' })
        .expect(400);
      expect(refused.body).toEqual({
        result: 'error',
        msg: "Missing 'content' argument",
        code: 'REQUEST_VARIABLE_MISSING',
        var_name: 'content',
      });
    });

    it('refuses a NUL character PostgreSQL cannot store with 400, where Zulip names no rule of its own', async () => {
      const nullCharacters = {
        result: 'error',
        msg: 'Null characters are not allowed.',
        code: 'BAD_REQUEST',
      };
      const search = await system.http
        .get('/api/v1/messages')
        .auth(member.email, member.apiKey)
        .query({
          anchor: 'newest',
          num_before: '1',
          num_after: '0',
          narrow: JSON.stringify([{ operator: 'search', operand: 'a\u0000b' }]),
        })
        .expect(400);
      expect(search.body).toEqual(nullCharacters);
      const described = await system.http
        .post('/api/v1/users/me/subscriptions')
        .auth(member.email, member.apiKey)
        .type('form')
        .send({ subscriptions: JSON.stringify([{ name: 'nul channel', description: 'a\u0000b' }]) })
        .expect(400);
      expect(described.body).toEqual(nullCharacters);
      const channels = await system.http.get('/api/v1/streams').auth(member.email, member.apiKey).expect(200);
      expect(channels.body.streams).not.toContainEqual(expect.objectContaining({ name: 'nul channel' }));
    });

    it('reads multipart bodies as zulip-js sends them', async () => {
      const response = await system.http
        .post('/api/v1/messages')
        .auth(owner.email, owner.apiKey)
        .field('type', 'private')
        .field('to', member.email)
        .field('content', 'multipart hello')
        .expect(200);
      expect(response.body).toEqual({ result: 'success', msg: '', id: expect.any(Number) });
    });

    it('takes parameters from the query string of a PATCH', async () => {
      const created = await system.createUser(owner, 'rename@example.com', 'Rena Me');
      await system.http
        .patch(`/api/v1/users/${created.userId}?full_name=Renamed%20Person`)
        .auth(owner.email, owner.apiKey)
        .expect(200, { result: 'success', msg: '' });
      const after = await system.http
        .get(`/api/v1/users/${created.userId}`)
        .auth(owner.email, owner.apiKey)
        .expect(200);
      expect(after.body.user.full_name).toBe('Renamed Person');
      // Zulip ignores a blank name rather than refusing it.
      await system.http
        .patch(`/api/v1/users/${created.userId}?full_name=%20%20`)
        .auth(owner.email, owner.apiKey)
        .expect(200, { result: 'success', msg: '' });
      const unchanged = await system.http
        .get(`/api/v1/users/${created.userId}`)
        .auth(owner.email, owner.apiKey)
        .expect(200);
      expect(unchanged.body.user.full_name).toBe('Renamed Person');
    });
  });

  describe('users', () => {
    it('refuses POST /users to a non-administrator before reading parameters', async () => {
      const response = await system.http.post('/api/v1/users').auth(member.email, member.apiKey).expect(400);
      expect(response.body).toEqual({
        result: 'error',
        msg: 'Must be an organization administrator',
        code: 'UNAUTHORIZED_PRINCIPAL',
      });
    });

    it('refuses an email already in use', async () => {
      const response = await system.http
        .post('/api/v1/users')
        .auth(owner.email, owner.apiKey)
        .type('form')
        .send({ email: 'MEMBER@example.com', password: 'secret-pw', full_name: 'Dup Licate' })
        .expect(400);
      expect(response.body).toEqual({
        result: 'error',
        msg: "Email 'MEMBER@example.com' already in use",
        code: 'BAD_REQUEST',
      });
    });

    it('returns the same API key on every password login', async () => {
      const again = await system.http
        .post('/api/v1/fetch_api_key')
        .type('form')
        .send({ username: member.email, password: 'user-password' })
        .expect(200);
      expect(again.body).toEqual({
        result: 'success',
        msg: '',
        api_key: member.apiKey,
        email: member.email,
        user_id: member.userId,
      });
    });

    it('answers an unknown email like a wrong password', async () => {
      const response = await system.http
        .post('/api/v1/fetch_api_key')
        .type('form')
        .send({ username: 'nobody@example.com', password: 'whatever' })
        .expect(401);
      expect(response.body).toEqual({
        result: 'error',
        msg: 'Your username or password is incorrect',
        code: 'AUTHENTICATION_FAILED',
      });
    });

    it('checks password before username, as Zulip declares them', async () => {
      const response = await system.http.post('/api/v1/fetch_api_key').type('form').send({}).expect(400);
      expect(response.body).toEqual({
        result: 'error',
        msg: "Missing 'password' argument",
        code: 'REQUEST_VARIABLE_MISSING',
        var_name: 'password',
      });
    });

    it('refuses a wrong password', async () => {
      const response = await system.http
        .post('/api/v1/fetch_api_key')
        .type('form')
        .send({ username: member.email, password: 'wrong' })
        .expect(401);
      expect(response.body).toEqual({
        result: 'error',
        msg: 'Your username or password is incorrect',
        code: 'AUTHENTICATION_FAILED',
      });
    });

    it("finds a user by id and by email, and not another realm's user", async () => {
      const byId = await system.http
        .get(`/api/v1/users/${member.userId}`)
        .auth(owner.email, owner.apiKey)
        .expect(200);
      expect(byId.body.user).toMatchObject({
        user_id: member.userId,
        email: member.email,
        role: 400,
        is_admin: false,
      });
      const byEmail = await system.http
        .get(`/api/v1/users/${member.email}`)
        .auth(owner.email, owner.apiKey)
        .expect(200);
      expect(byEmail.body.user.user_id).toBe(member.userId);
      const other = await system.createRealm('Other org', 'boss@other.example');
      const response = await system.http
        .get(`/api/v1/users/${member.userId}`)
        .auth(other.owner.email, other.owner.apiKey)
        .expect(400);
      expect(response.body).toEqual({ result: 'error', msg: 'No such user', code: 'BAD_REQUEST' });
    });

    // Zulip's format_user_row (is_billing_admin left the user objects at feature level 363) and
    // get_profile_backend (the row, custom profile fields and max_message_id).
    it('describes the caller and other users with the fields of Zulip 11', async () => {
      const row = {
        email: member.email,
        user_id: member.userId,
        avatar_version: 1,
        is_admin: false,
        is_owner: false,
        is_guest: false,
        role: 400,
        is_bot: false,
        full_name: 'Mia Member',
        timezone: '',
        is_active: true,
        date_joined: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/),
        delivery_email: member.email,
      };
      const me = await system.http.get('/api/v1/users/me').auth(member.email, member.apiKey).expect(200);
      expect(me.body).toEqual({
        result: 'success',
        msg: '',
        ...row,
        avatar_url: expect.stringMatching(
          /^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon&version=1$/,
        ),
        profile_data: {},
        max_message_id: expect.any(Number),
      });
      // client_gravatar defaults to true: the client computes the Gravatar URL itself.
      const other = await system.http
        .get(`/api/v1/users/${member.userId}`)
        .auth(owner.email, owner.apiKey)
        .expect(200);
      expect(other.body).toEqual({ result: 'success', msg: '', user: { ...row, avatar_url: null } });
    });

    it('checks the role before looking the user up, as Zulip validates parameters first', async () => {
      const response = await system.http
        .patch('/api/v1/users/999999')
        .auth(owner.email, owner.apiKey)
        .type('form')
        .send({ role: '500' })
        .expect(400);
      expect(response.body).toEqual({
        result: 'error',
        msg: 'Invalid role: Value error, Not in the list of possible values',
        code: 'BAD_REQUEST',
      });
      const missing = await system.http
        .patch('/api/v1/users/999999')
        .auth(owner.email, owner.apiKey)
        .type('form')
        .send({ role: '400' })
        .expect(400);
      expect(missing.body).toEqual({ result: 'error', msg: 'No such user', code: 'BAD_REQUEST' });
    });

    // Zulip 10's update_user_by_email_api (feature level 313): the same update, by email.
    it('updates a user found by email', async () => {
      const renamed = await system.http
        .patch(`/api/v1/users/${encodeURIComponent(member.email.toUpperCase())}`)
        .auth(owner.email, owner.apiKey)
        .type('form')
        .send({ full_name: 'Mia Renamed' })
        .expect(200);
      expect(renamed.body).toEqual({ result: 'success', msg: '' });
      const user = await system.http
        .get(`/api/v1/users/${member.userId}`)
        .auth(owner.email, owner.apiKey)
        .expect(200);
      expect(user.body.user.full_name).toBe('Mia Renamed');
      await system.http
        .patch(`/api/v1/users/${encodeURIComponent(member.email)}`)
        .auth(owner.email, owner.apiKey)
        .type('form')
        .send({ full_name: 'Mia Member' })
        .expect(200);
      const missing = await system.http
        .patch('/api/v1/users/ghost@example.com')
        .auth(owner.email, owner.apiKey)
        .type('form')
        .send({ full_name: 'Nobody' })
        .expect(400);
      expect(missing.body).toEqual({ result: 'error', msg: 'No such user', code: 'BAD_REQUEST' });
      // users/me is its own endpoint, declared first: PATCH is a wrong method there.
      const me = await system.http.patch('/api/v1/users/me').expect(405);
      expect(me.body).toEqual({
        result: 'error',
        msg: 'Method Not Allowed',
        allowed_methods: ['GET', 'DELETE'],
      });
    });

    it('lets only an owner grant the owner role', async () => {
      const admin = await system.createUser(owner, 'admin@example.com', 'Ada Admin');
      await system.http
        .patch(`/api/v1/users/${admin.userId}`)
        .auth(owner.email, owner.apiKey)
        .type('form')
        .send({ role: '200' })
        .expect(200);
      const response = await system.http
        .patch(`/api/v1/users/${member.userId}`)
        .auth(admin.email, admin.apiKey)
        .type('form')
        .send({ role: '100' })
        .expect(400);
      expect(response.body).toEqual({
        result: 'error',
        msg: 'Must be an organization owner',
        code: 'UNAUTHORIZED_PRINCIPAL',
      });
    });

    it('keeps the only owner an owner', async () => {
      const response = await system.http
        .patch(`/api/v1/users/${owner.userId}`)
        .auth(owner.email, owner.apiKey)
        .type('form')
        .send({ role: '400' })
        .expect(400);
      expect(response.body).toEqual({
        result: 'error',
        msg: 'The owner permission cannot be removed from the only organization owner.',
        code: 'BAD_REQUEST',
      });
    });
  });

  describe('a realm served on its own host', () => {
    let hosted: ChatRealm;

    beforeAll(async () => {
      hosted = await system.createRealm('Hosted org', 'host-owner@example.com', { host: 'team.chat.test' });
    });

    it('gets its URL from the host', () => {
      expect(hosted.url).toBe('https://team.chat.test');
    });

    it('accepts only its own accounts on that host', async () => {
      await system.http
        .get('/api/v1/users/me')
        .set('Host', 'team.chat.test')
        .auth(hosted.owner.email, hosted.owner.apiKey)
        .expect(200);
      const foreign = await system.http
        .get('/api/v1/users/me')
        .set('Host', 'team.chat.test')
        .auth(owner.email, owner.apiKey)
        .expect(401);
      expect(foreign.body).toEqual(unauthorized('Account is not associated with this subdomain'));
    });

    it('shows its name in the server settings of that host', async () => {
      const response = await system.http
        .get('/api/v1/server_settings')
        .set('Host', 'team.chat.test')
        .expect(200);
      expect(response.body).toMatchObject({ realm_name: 'Hosted org', realm_url: 'https://team.chat.test' });
    });

    it('logs in only its own accounts on that host', async () => {
      await system.http
        .post('/api/v1/fetch_api_key')
        .set('Host', 'team.chat.test')
        .type('form')
        .send({ username: member.email, password: 'user-password' })
        .expect(401);
      const own = await system.http
        .post('/api/v1/fetch_api_key')
        .set('Host', 'team.chat.test')
        .type('form')
        .send({ username: hosted.owner.email, password: 'owner-password' })
        .expect(200);
      expect(own.body.api_key).toBe(hosted.owner.apiKey);
    });
  });

  describe('server settings', () => {
    it('answers without credentials with the feature level', async () => {
      const response = await system.http.get('/api/v1/server_settings').expect(200);
      expect(response.body).toMatchObject({
        result: 'success',
        msg: '',
        zulip_feature_level: 421,
        zulip_version: '11.0',
        authentication_methods: expect.objectContaining({ password: true }),
        push_notifications_enabled: false,
      });
    });
  });

  // The push flow with a push service runs in push-devices.e2e-spec.ts; this server has none.
  describe('push device registration without a push service', () => {
    const as = (account: ChatAccount) => ({
      post: (path: string, form: Record<string, string>) =>
        system.http.post(`/api/v1${path}`).auth(account.email, account.apiKey).type('form').send(form),
      delete: (path: string, form: Record<string, string>) =>
        system.http.delete(`/api/v1${path}`).auth(account.email, account.apiKey).type('form').send(form),
    });

    it('refuses an E2EE registration with PUSH_SERVICE_NOT_CONFIGURED, after reading its parameters', async () => {
      const form = {
        token_kind: 'apns',
        push_account_id: '2408',
        push_public_key: 'push-public-key',
        bouncer_public_key: 'bouncer-public-key',
        encrypted_push_registration: 'encrypted-push-registration',
      };
      const refused = await as(member).post('/mobile_push/register', form).expect(400);
      expect(refused.body).toEqual({
        result: 'error',
        msg: 'Server is not configured to use push notification service.',
        code: 'PUSH_SERVICE_NOT_CONFIGURED',
      });
      const invalid = await as(member)
        .post('/mobile_push/register', { ...form, push_account_id: '"x"' })
        .expect(400);
      expect(invalid.body).toEqual({
        result: 'error',
        msg: 'push_account_id is not an integer',
        code: 'BAD_REQUEST',
      });
    });

    it('keeps legacy tokens locally, and refuses to remove one it does not have', async () => {
      await as(member)
        .post('/users/me/apns_device_token', { token: 'C0FFEE', appid: 'org.zulip.Zulip' })
        .expect(200);
      await as(member)
        .post('/users/me/apns_device_token', { token: 'C0FFEE', appid: 'org.zulip.Zulip' })
        .expect(200);
      await as(member).delete('/users/me/apns_device_token', { token: 'C0FFEE' }).expect(200);
      const missing = await as(member).delete('/users/me/apns_device_token', { token: 'C0FFEE' }).expect(400);
      expect(missing.body).toEqual({ result: 'error', msg: 'Token does not exist', code: 'BAD_REQUEST' });
      const fcmMissing = await as(member)
        .delete('/users/me/android_gcm_reg_id', { token: 'abc' })
        .expect(400);
      expect(fcmMissing.body).toEqual({ result: 'error', msg: 'Token does not exist', code: 'BAD_REQUEST' });
    });
  });
});
