import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { expectEventually } from '@platform/test-support';
import { ChatActions } from './chat-actions.js';
import { type ChatAccount, ChatTestSystem } from './chat-test-system.js';

describe('saved snippets through the gateway', () => {
  let system: ChatTestSystem;
  let owner: ChatAccount;
  let member: ChatAccount;

  beforeAll(async () => {
    system = await ChatTestSystem.start(apiGatewayDefinition, { CHAT_RATE_LIMIT_REQUESTS: '1000' });
    owner = (await system.createRealm()).owner;
    member = await system.createUser(owner, 'snippets@example.com', 'Sam Snippets');
  });

  afterAll(() => system.stop());

  const call = (method: 'get' | 'post' | 'patch' | 'delete', path: string, who: ChatAccount = member) =>
    system.http[method](`/api/v1${path}`).auth(who.email, who.apiKey).type('form');
  const badRequest = (msg: string) => ({ result: 'error', msg, code: 'BAD_REQUEST' });

  it('creates, lists, edits and deletes a snippet', async () => {
    const created = await call('post', '/saved_snippets')
      .send({ title: '  Greeting ', content: ' Hello **there** ' })
      .expect(200);
    expect(created.body).toEqual({ result: 'success', msg: '', saved_snippet_id: expect.any(Number) });
    const id = created.body.saved_snippet_id as number;

    const listed = await call('get', '/saved_snippets').expect(200);
    expect(listed.body).toEqual({
      result: 'success',
      msg: '',
      saved_snippets: [
        { id, title: 'Greeting', content: 'Hello **there**', date_created: expect.any(Number) },
      ],
    });

    await call('patch', `/saved_snippets/${id}`)
      .query({ content: 'Bye' })
      .expect(200, { result: 'success', msg: '' });
    const edited = await call('get', '/saved_snippets').expect(200);
    expect(edited.body.saved_snippets).toEqual([
      expect.objectContaining({ id, title: 'Greeting', content: 'Bye' }),
    ]);

    await call('delete', `/saved_snippets/${id}`).expect(200, { result: 'success', msg: '' });
    expect((await call('get', '/saved_snippets').expect(200)).body.saved_snippets).toEqual([]);
  });

  it('announces every change to the owner', async () => {
    const events = await new ChatActions(system).recordEvents();
    const { body } = await call('post', '/saved_snippets').send({ title: 'ev', content: 'one' }).expect(200);
    const id = body.saved_snippet_id as number;
    await call('patch', `/saved_snippets/${id}`).send({ title: 'ev2' }).expect(200);
    await call('delete', `/saved_snippets/${id}`).expect(200);
    const row = { id, title: 'ev', content: 'one', date_created: expect.any(Number) };
    // The recorder may also see earlier tests' events, relayed late: keep this snippet's.
    const mine = () =>
      events.filter(
        (e) =>
          (e.event['saved_snippet'] as { id?: number } | undefined)?.id === id ||
          e.event['saved_snippet_id'] === id,
      );
    await expectEventually(() =>
      expect(mine()).toEqual([
        {
          realmId: expect.any(Number),
          userIds: [member.userId],
          event: { type: 'saved_snippets', op: 'add', saved_snippet: row },
        },
        {
          realmId: expect.any(Number),
          userIds: [member.userId],
          event: { type: 'saved_snippets', op: 'update', saved_snippet: { ...row, title: 'ev2' } },
        },
        {
          realmId: expect.any(Number),
          userIds: [member.userId],
          event: { type: 'saved_snippets', op: 'remove', saved_snippet_id: id },
        },
      ]),
    );
  });

  it('answers an edit without changes with success', async () => {
    const { body } = await call('post', '/saved_snippets').send({ title: 't', content: 'c' }).expect(200);
    await call('patch', `/saved_snippets/${body.saved_snippet_id}`).expect(200, {
      result: 'success',
      msg: '',
    });
  });

  it.each([
    [
      'no title',
      { content: 'c' },
      {
        result: 'error',
        msg: "Missing 'title' argument",
        code: 'REQUEST_VARIABLE_MISSING',
        var_name: 'title',
      },
    ],
    [
      'nothing: content is checked first, as Zulip checks in alphabetical order',
      {},
      {
        result: 'error',
        msg: "Missing 'content' argument",
        code: 'REQUEST_VARIABLE_MISSING',
        var_name: 'content',
      },
    ],
    [
      'a blank content before a blank title',
      { title: ' ', content: ' ' },
      { result: 'error', msg: 'content cannot be blank', code: 'BAD_REQUEST' },
    ],
    [
      'no content',
      { title: 't' },
      {
        result: 'error',
        msg: "Missing 'content' argument",
        code: 'REQUEST_VARIABLE_MISSING',
        var_name: 'content',
      },
    ],
    ['a blank title', { title: '   ', content: 'c' }, badRequest('title cannot be blank')],
    ['an empty content', { title: 't', content: '' }, badRequest('content cannot be blank')],
    [
      'a long title',
      { title: 'x'.repeat(61), content: 'c' },
      badRequest('title is too long (limit: 60 characters)'),
    ],
    [
      'a long content',
      { title: 't', content: 'x'.repeat(10_001) },
      badRequest('content is too long (limit: 10000 characters)'),
    ],
  ])('refuses to create: %s', async (_label, body, expected) => {
    const response = await call('post', '/saved_snippets').send(body).expect(400);
    expect(response.body).toEqual(expected);
  });

  it('refuses a blank title or content on edit', async () => {
    const { body } = await call('post', '/saved_snippets').send({ title: 't', content: 'c' }).expect(200);
    const id = body.saved_snippet_id as number;
    expect((await call('patch', `/saved_snippets/${id}`).send({ title: ' ' }).expect(400)).body).toEqual(
      badRequest('title cannot be blank'),
    );
    expect((await call('patch', `/saved_snippets/${id}`).send({ content: '' }).expect(400)).body).toEqual(
      badRequest('content cannot be blank'),
    );
  });

  it("answers 404 for a missing snippet and for someone else's", async () => {
    const { body } = await call('post', '/saved_snippets', owner)
      .send({ title: 't', content: 'c' })
      .expect(200);
    const notFound = badRequest('Saved snippet does not exist.');
    for (const id of [body.saved_snippet_id as number, 999_999, 99_999_999_999]) {
      expect((await call('patch', `/saved_snippets/${id}`).send({ title: 'x' }).expect(404)).body).toEqual(
        notFound,
      );
      expect((await call('delete', `/saved_snippets/${id}`).expect(404)).body).toEqual(notFound);
    }
    expect((await call('get', '/saved_snippets', owner).expect(200)).body.saved_snippets).toHaveLength(1);
  });

  it('answers 405 for a wrong method', async () => {
    const response = await system.http.put('/api/v1/saved_snippets').expect(405);
    expect(response.body).toEqual({
      result: 'error',
      msg: 'Method Not Allowed',
      allowed_methods: ['GET', 'POST'],
    });
  });
});
