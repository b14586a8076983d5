import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { type ChatAccount, ChatTestSystem } from './chat-test-system.js';

// Bodies Zulip's API views do not read (JSON, valid or not) and bodies over the limit, on
// routes served through Express (POST /messages) and directly (POST /typing): every answer in
// Zulip's envelope. chat-api refuses bodies over 4 KiB itself; the gateway, over 8 KiB.
describe('chat request bodies through the gateway', () => {
  let system: ChatTestSystem;
  let owner: ChatAccount;
  let channelId: number;

  beforeAll(async () => {
    system = await ChatTestSystem.start(
      apiGatewayDefinition,
      { MAX_BODY_BYTES: '4096' },
      { MAX_BODY_BYTES: '8192' },
    );
    owner = (await system.createRealm()).owner;
    await system.http
      .post('/api/v1/users/me/subscriptions')
      .auth(owner.email, owner.apiKey)
      .type('form')
      .send({ subscriptions: '[{"name":"general"}]' })
      .expect(200);
    const streams = await system.http.get('/api/v1/streams').auth(owner.email, owner.apiKey).expect(200);
    channelId = (streams.body.streams as Array<{ stream_id: number }>)[0]!.stream_id;
  });

  afterAll(() => system.stop());

  const post = (path: string) => system.http.post(`/api/v1${path}`).auth(owner.email, owner.apiKey);
  const missing = (name: string) => ({
    result: 'error',
    msg: `Missing '${name}' argument`,
    code: 'REQUEST_VARIABLE_MISSING',
    var_name: name,
  });
  const tooLarge = { result: 'error', msg: 'Request body is too large', code: 'BAD_REQUEST' };

  describe.each([
    ['POST /messages (through Express)', '/messages', 'content'],
    ['POST /typing (direct)', '/typing', 'op'],
  ])('%s', (_route, path, firstParameter) => {
    it('reads no parameters from a JSON body, as Zulip', async () => {
      const response = await post(path)
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ content: 'hi', op: 'start', type: 'stream', to: 'general', topic: 't' }))
        .expect(400);
      expect(response.body).toEqual(missing(firstParameter));
    });

    it('reads a body that is not valid JSON the same way', async () => {
      const response = await post(path)
        .set('Content-Type', 'application/json')
        .send('{"content": ')
        .expect(400);
      expect(response.body).toEqual(missing(firstParameter));
    });

    it('refuses a body over chat-api’s limit with 413', async () => {
      const response = await post(path)
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ content: 'x'.repeat(5000) }))
        .expect(413);
      expect(response.body).toEqual(tooLarge);
    });

    it('refuses a body over the gateway’s limit with 413', async () => {
      const response = await post(path)
        .type('form')
        .send({ content: 'x'.repeat(9000) })
        .expect(413);
      expect(response.body).toEqual(tooLarge);
    });
  });

  it('takes the query string’s parameters beside a JSON body', async () => {
    const query = new URLSearchParams({ type: 'stream', to: String(channelId), topic: 't', content: 'hi' });
    const response = await post(`/messages?${query.toString()}`)
      .set('Content-Type', 'application/json')
      .send('{"ignored": true}')
      .expect(200);
    expect(response.body).toEqual({
      result: 'success',
      msg: '',
      id: expect.any(Number),
    });
  });
});
