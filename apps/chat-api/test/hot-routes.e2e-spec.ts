import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import request from 'supertest';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { DirectRoutes } from '@platform/http';
import { LOGGER } from '@platform/logging';
import { chatErrorPresenter } from '../src/core/http/chat-error.presenter.js';
import { ChatActions } from './chat-actions.js';
import { type ChatAccount, ChatTestSystem } from './chat-test-system.js';

// The hot routes answer on their own: a bare Node server holding nothing but chat-api's direct
// routes (the platform's DirectRoutes) answers typing and message flags, their refusals included, and hands
// everything else back (answered 599 here), so none of these answers came from Express or Nest.
describe('chat-api hot routes (front door)', () => {
  const RATE_LIMIT = 30;
  let system: ChatTestSystem;
  let chat: ChatActions;
  let owner: ChatAccount;
  let member: ChatAccount;
  let bare: Server;

  beforeAll(async () => {
    system = await ChatTestSystem.start(apiGatewayDefinition, {
      CHAT_RATE_LIMIT_REQUESTS: String(RATE_LIMIT),
      MAX_BODY_BYTES: '4096',
    });
    chat = new ChatActions(system);
    owner = (await system.createRealm()).owner;
    member = await system.createUser(owner, 'hot@example.com', 'Hot Path');
    const { app } = system.chatApi;
    const direct = DirectRoutes.frontDoorOf(app, chatErrorPresenter, app.get(LOGGER), 4096)!;
    bare = createServer((req, res) => {
      if (direct(req, res)) return;
      req.resume();
      res.writeHead(599).end('not a hot route');
    });
  });

  afterAll(async () => {
    bare.close();
    await system.stop();
  });

  const post = (path: string, account: ChatAccount | null = member) => {
    const call = request(bare).post(`/api/v1${path}`).type('form');
    return account ? call.auth(account.email, account.apiKey) : call;
  };
  const badRequest = (msg: string) => ({ result: 'error', msg, code: 'BAD_REQUEST' });

  it('answers typing with the success envelope, the rate-limit headers and the ignored parameters', async () => {
    const answer = await post('/typing')
      .send({ op: 'start', to: JSON.stringify([owner.userId]), client: 'test', colour: 'red' })
      .expect(200);
    expect(answer.body).toEqual({ result: 'success', msg: '', ignored_parameters_unsupported: ['colour'] });
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['x-ratelimit-limit']).toBe(String(RATE_LIMIT));
    expect(answer.headers['x-ratelimit-remaining']).toEqual(expect.stringMatching(/^\d+$/));
    expect(answer.headers['x-ratelimit-reset']).toEqual(expect.stringMatching(/^\d+$/));
    // With a trailing slash and a query string, as Express routes them.
    await post('/typing/?op=stop')
      .send({ to: JSON.stringify([owner.userId]) })
      .expect(200, {
        result: 'success',
        msg: '',
      });
  });

  it('answers message flags with the messages it changed', async () => {
    const streamId = await chat.channel(owner, 'hot', [member]);
    const id = await chat.toChannel(owner, streamId, 'flags');
    const form = { messages: JSON.stringify([id]), op: 'add', flag: 'starred' };
    await post('/messages/flags')
      .send(form)
      .expect(200, {
        result: 'success',
        msg: '',
        messages: [id],
        ignored_because_not_subscribed_channels: [],
      });
    await post('/messages/flags')
      .send(form)
      .expect(200, { result: 'success', msg: '', messages: [], ignored_because_not_subscribed_channels: [] });
  });

  it.each([
    [
      'no credentials',
      () => post('/typing', null).send({ op: 'start' }),
      401,
      {
        result: 'error',
        msg: 'Not logged in: API authentication or user session required',
        code: 'UNAUTHORIZED',
      },
    ],
    [
      'a wrong API key',
      () => post('/typing', { ...member, apiKey: 'A'.repeat(32) }).send({ op: 'start' }),
      401,
      { result: 'error', msg: 'Invalid API key', code: 'UNAUTHORIZED' },
    ],
    [
      'another authentication scheme',
      () => post('/messages/flags', null).set('authorization', 'Bearer x').send({}),
      400,
      badRequest('This endpoint requires HTTP basic authentication.'),
    ],
    [
      'a missing parameter',
      () => post('/typing').send({ to: '[1]' }),
      400,
      { result: 'error', msg: "Missing 'op' argument", code: 'REQUEST_VARIABLE_MISSING', var_name: 'op' },
    ],
    ['an invalid literal', () => post('/typing').send({ op: 'pause' }), 400, badRequest('Invalid op')],
    [
      'a list that is not one',
      () => post('/messages/flags').send({ messages: '{}', op: 'add', flag: 'read' }),
      400,
      badRequest('messages is not a list'),
    ],
    [
      'an invalid flag',
      () => post('/messages/flags').send({ messages: '[1]', op: 'add', flag: 'nope' }),
      400,
      badRequest("Invalid flag: 'nope'"),
    ],
    [
      'an unknown user',
      () => post('/typing').send({ op: 'start', to: '[999999]' }),
      400,
      badRequest('Invalid user ID 999999'),
    ],
    [
      'a body over MAX_BODY_BYTES',
      () => post('/typing').send({ op: 'start', topic: 'x'.repeat(5000) }),
      413,
      badRequest('Request body is too large'),
    ],
  ])('refuses %s in Zulip’s words', async (_row, call, status, body) => {
    const answer = await call().expect(status);
    expect(answer.body).toEqual(body);
    if (status === 401) expect(answer.headers['www-authenticate']).toBe('Basic realm="zulip"');
  });

  it('refuses a caller over the rate limit with 429 and Retry-After', async () => {
    const limited = await system.createUser(owner, 'limited@example.com', 'Lim Ited');
    const typing = () => post('/typing', limited).send({ op: 'start', to: JSON.stringify([owner.userId]) });
    for (let call = 0; call < RATE_LIMIT; call += 1) await typing().expect(200);
    const refused = await typing().expect(429);
    expect(refused.body).toEqual({
      result: 'error',
      msg: 'API usage exceeded rate limit',
      code: 'RATE_LIMIT_HIT',
      'retry-after': expect.any(Number),
    });
    expect(Number(refused.headers['retry-after'])).toBe(refused.body['retry-after']);
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
  });

  it.each([
    ['GET', '/api/v1/typing'],
    ['POST', '/api/v1/typing/more'],
    ['POST', '/api/v1/Typing'],
    ['POST', '/api/v1/messages/12'],
    ['POST', '/api/v1/messages'],
    ['GET', '/health/live'],
  ])('leaves %s %s to Express', async (method, path) => {
    await request(bare)[method === 'GET' ? 'get' : 'post'](path).expect(599);
  });

  it('keeps the platform’s request metrics under the route’s path', async () => {
    await chat
      .as(member)
      .post('/typing', { op: 'start', to: JSON.stringify([owner.userId]) })
      .expect(200);
    const metrics = await request(system.chatApi.app.getHttpServer()).get('/metrics').expect(200);
    expect(metrics.text).toMatch(
      /http_request_duration_seconds_count\{[^}]*route="\/api\/v1\/typing"[^}]*status="200"/,
    );
  });
});
