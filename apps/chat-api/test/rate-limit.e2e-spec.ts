import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { type ChatAccount, ChatTestSystem } from './chat-test-system.js';

describe('the chat rate limit', () => {
  let system: ChatTestSystem;
  let owner: ChatAccount;

  beforeAll(async () => {
    system = await ChatTestSystem.start(apiGatewayDefinition, {
      CHAT_RATE_LIMIT_REQUESTS: '3',
      CHAT_RATE_LIMIT_WINDOW_SECONDS: '60',
      CHAT_RATE_LIMIT_ANONYMOUS_REQUESTS: '2',
    });
    owner = (await system.createRealm()).owner;
  });

  afterAll(() => system.stop());

  it('counts down in headers, then refuses with 429, retry-after and Retry-After', async () => {
    const me = () => system.http.get('/api/v1/users/me').auth(owner.email, owner.apiKey);
    const remaining = [];
    for (let call = 0; call < 3; call += 1)
      remaining.push((await me().expect(200)).headers['x-ratelimit-remaining']);
    expect(remaining).toEqual(['2', '1', '0']);
    const refused = await me().expect(429);
    expect(refused.body).toEqual({
      result: 'error',
      msg: 'API usage exceeded rate limit',
      code: 'RATE_LIMIT_HIT',
      'retry-after': expect.any(Number),
    });
    expect(refused.body['retry-after']).toBeGreaterThan(0);
    expect(refused.body['retry-after']).toBeLessThanOrEqual(60);
    expect(Number(refused.headers['retry-after'])).toBe(refused.body['retry-after']);
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(refused.headers['x-ratelimit-limit']).toBe('3');
  });

  it('checks credentials before the rate limit', async () => {
    await system.http.get('/api/v1/users/me').auth(owner.email, 'B'.repeat(32)).expect(401);
  });

  it('limits requests without credentials per client address, wrong passwords included', async () => {
    const guess = () =>
      system.http
        .post('/api/v1/fetch_api_key')
        .type('form')
        .send({ username: owner.email, password: 'guess' });
    await guess().expect(401);
    const last = await guess().expect(401);
    expect(last.headers['x-ratelimit-remaining']).toBe('0');
    const refused = await guess().expect(429);
    expect(refused.body).toEqual({
      result: 'error',
      msg: 'API usage exceeded rate limit',
      code: 'RATE_LIMIT_HIT',
      'retry-after': expect.any(Number),
    });
  });
});
