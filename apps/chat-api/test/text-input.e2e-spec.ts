import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { type ChatAccount, ChatTestSystem } from './chat-test-system.js';

const badRequest = (msg: string) => ({ result: 'error', msg, code: 'BAD_REQUEST' });
// JSON.stringify writes a lone surrogate as its `\ud800` escape: how a client sends one.
const LONE = '\ud800';

// Text PostgreSQL cannot hold, sent to the chat API through the gateway: a NUL is refused in
// Zulip's own words where Zulip names it (message content, topics), and an escaped lone
// surrogate in a JSON parameter is invalid JSON, as Zulip's parsers read it; nothing reaches the
// database or an event.
describe('text the chat API refuses', () => {
  let system: ChatTestSystem;
  let owner: ChatAccount;

  beforeAll(async () => {
    system = await ChatTestSystem.start(apiGatewayDefinition);
    owner = (await system.createRealm()).owner;
    await system.http
      .post('/api/v1/users/me/subscriptions')
      .auth(owner.email, owner.apiKey)
      .type('form')
      .send({ subscriptions: '[{"name":"general"}]' })
      .expect(200);
  });

  afterAll(() => system.stop());

  const post = (path: string, form: Record<string, string>) =>
    system.http.post(`/api/v1${path}`).auth(owner.email, owner.apiKey).type('form').send(form);
  const send = (fields: Record<string, string>) =>
    post('/messages', { type: 'stream', to: 'general', topic: 'greetings', content: 'hi', ...fields });

  it('POST /messages refuses a NUL in the content or the topic as Zulip does', async () => {
    expect((await send({ content: 'a\u0000b' }).expect(400)).body).toEqual(
      badRequest('Message must not contain null bytes'),
    );
    expect((await send({ topic: 'a\u0000b' }).expect(400)).body).toEqual(
      badRequest('Invalid character in topic, at position 2!'),
    );
  });

  it('POST /messages reads a `to` with an escaped lone surrogate as Zulip does: not JSON, so a channel name', async () => {
    const to = JSON.stringify([`x${LONE}`]);
    expect((await send({ to }).expect(400)).body).toEqual({
      result: 'error',
      msg: `Channel '${to}' does not exist`,
      code: 'STREAM_DOES_NOT_EXIST',
      stream: to,
    });
  });

  it('refuses an escaped lone surrogate in a JSON parameter of a query string or a form', async () => {
    const messages = await system.http
      .get('/api/v1/messages')
      .auth(owner.email, owner.apiKey)
      .query({
        anchor: 'newest',
        num_before: '1',
        num_after: '0',
        narrow: JSON.stringify([{ operator: 'search', operand: `a${LONE}` }]),
      })
      .expect(400);
    expect(messages.body).toEqual(badRequest('narrow is not valid JSON'));
    const subscribed = await post('/users/me/subscriptions', {
      subscriptions: JSON.stringify([{ name: `half ${LONE}` }]),
    }).expect(400);
    expect(subscribed.body).toEqual(badRequest('subscriptions is not valid JSON'));
  });
});
