import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { type ChatAccount, ChatTestSystem } from './chat-test-system.js';

// Every list parameter is bounded (README, "Request bounds"): beyond its bound the request is
// refused before any work, and a request at the bound is set-based, answered in seconds.
describe('list parameter bounds', () => {
  let system: ChatTestSystem;
  let owner: ChatAccount;
  const members: ChatAccount[] = [];

  beforeAll(async () => {
    system = await ChatTestSystem.start(apiGatewayDefinition);
    owner = (await system.createRealm()).owner;
    for (let index = 0; index < 10; index += 1)
      members.push(await system.createUser(owner, `member${index}@example.com`, `Member ${index}`));
  }, 60_000);

  afterAll(() => system.stop());

  const call = (method: 'post' | 'patch' | 'delete', path: string, form: Record<string, string>) =>
    system.http[method](`/api/v1${path}`).auth(owner.email, owner.apiKey).type('form').send(form);
  const channels = (count: number, prefix = 'bulk') =>
    JSON.stringify(Array.from({ length: count }, (_, index) => ({ name: `${prefix} ${index}` })));
  const ids = (count: number) => JSON.stringify(Array.from({ length: count }, (_, index) => index + 1));
  const tooLong = (varName: string, limit: number) => ({
    result: 'error',
    msg: `${varName} is too long (limit: ${limit} items)`,
    code: 'BAD_REQUEST',
  });

  it.each([
    ['post', '/users/me/subscriptions', { subscriptions: channels(1001) }, 'subscriptions'],
    ['post', '/users/me/subscriptions', { subscriptions: channels(1), principals: ids(1001) }, 'principals'],
    [
      'delete',
      '/users/me/subscriptions',
      { subscriptions: JSON.stringify(Array(1001).fill('x')) },
      'subscriptions',
    ],
    ['delete', '/users/me/subscriptions', { subscriptions: '["x"]', principals: ids(1001) }, 'principals'],
    ['post', '/user_groups/create', { name: 'g', description: 'd', members: ids(1001) }, 'members'],
    ['patch', '/channel_folders', { order: ids(1001) }, 'order'],
    ['patch', '/realm/profile_fields', { order: ids(1001) }, 'order'],
    ['post', '/register', { event_types: JSON.stringify(Array(1001).fill('message')) }, 'event_types'],
  ] as const)('%s %s refuses a list beyond its bound (case %#)', async (method, path, form, varName) => {
    const response = await call(method, path, form).expect(400);
    expect(response.body).toEqual(tooLong(varName, 1000));
  });

  it('refuses more than 10,000 subscriptions in one request, naming the product', async () => {
    const principals = JSON.stringify([owner.userId, ...members.map((member) => member.userId)]);
    const response = await call('post', '/users/me/subscriptions', {
      subscriptions: channels(910),
      principals,
    }).expect(400);
    expect(response.body).toEqual({
      result: 'error',
      msg: 'Too many subscriptions in one request: 910 channels × 11 users (limit: 10000)',
      code: 'BAD_REQUEST',
    });
  });

  it('creates 1,000 channels in one request within seconds, and the realm answers after', async () => {
    const started = Date.now();
    const response = await call('post', '/users/me/subscriptions', { subscriptions: channels(1000) }).expect(
      200,
    );
    const elapsed = Date.now() - started;
    expect(response.body.subscribed[String(owner.userId)]).toHaveLength(1000);
    // Per-channel statements took minutes here; set-based it is a few seconds on a slow machine.
    expect(elapsed).toBeLessThan(30_000);
    const mine = await system.http
      .get('/api/v1/users/me/subscriptions')
      .auth(owner.email, owner.apiKey)
      .expect(200);
    expect(mine.body.subscriptions).toHaveLength(1000);
  }, 60_000);
});
