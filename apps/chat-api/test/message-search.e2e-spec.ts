import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { type ChatAccount, ChatTestSystem } from './chat-test-system.js';

// Full-text search (message-search.ts) on the embedded PostgreSQL: the words of the topic and
// the rendered content, English stemming and stop words as in Zulip, quoted phrases as typed,
// and a message found by its words after an edit.
describe('search narrows', () => {
  let system: ChatTestSystem;
  let ann: ChatAccount;
  const ids: Record<string, number> = {};

  const as = (account: ChatAccount) => ({
    get: (path: string, query: Record<string, string>) =>
      system.http.get(`/api/v1${path}`).query(query).auth(account.email, account.apiKey),
    post: (path: string, form: Record<string, string>) =>
      system.http.post(`/api/v1${path}`).auth(account.email, account.apiKey).type('form').send(form),
    patch: (path: string, form: Record<string, string>) =>
      system.http.patch(`/api/v1${path}`).auth(account.email, account.apiKey).type('form').send(form),
  });
  // The ids a search finds, oldest first.
  const found = async (operand: string) => {
    const narrow = JSON.stringify([{ operator: 'search', operand }]);
    const page = await as(ann)
      .get('/messages', { anchor: 'newest', num_before: '100', num_after: '0', narrow })
      .expect(200);
    return (page.body.messages as Array<{ id: number }>).map((message) => message.id);
  };

  beforeAll(async () => {
    system = await ChatTestSystem.start(apiGatewayDefinition);
    const { owner } = await system.createRealm();
    ann = await system.createUser(owner, 'ann@example.com', 'Ann Lee');
    await as(ann)
      .post('/users/me/subscriptions', { subscriptions: JSON.stringify([{ name: 'ops' }]) })
      .expect(200);
    const send = async (key: string, topic: string, content: string) => {
      ids[key] = (
        await as(ann).post('/messages', { type: 'stream', to: 'ops', topic, content }).expect(200)
      ).body.id;
    };
    await send('reports', 'weekly', 'The **reports** are running late');
    await send('review', 'planning', 'Review the report before the meeting');
    await send('shuffled', 'planning', 'Meeting about the review, report after');
    await send('link', 'links', 'See [the docs](https://example.com/handbook) & more');
  });

  afterAll(() => system.stop());

  it('finds every word of the topic and the rendered content, stemmed and case aside', async () => {
    expect(await found('REPORT')).toEqual([ids['reports'], ids['review'], ids['shuffled']]);
    expect(await found('run weekly')).toEqual([ids['reports']]);
    expect(await found('plan meeting')).toEqual([ids['review'], ids['shuffled']]);
  });

  it('matches a quoted phrase as typed, and its words', async () => {
    expect(await found('"review the report"')).toEqual([ids['review']]);
    expect(await found('"report before" meeting')).toEqual([ids['review']]);
  });

  it('reads the text of links, not their markup, and drops stop words', async () => {
    expect(await found('docs')).toEqual([ids['link']]);
    expect(await found('handbook')).toEqual([]);
    expect(await found('the docs')).toEqual([ids['link']]);
    expect(await found('the')).toEqual([]);
    expect(await found('absent')).toEqual([]);
  });

  it('finds an edited message by its new words only', async () => {
    await as(ann).patch(`/messages/${ids['link']}`, { content: 'Moved to the wiki' }).expect(200);
    expect(await found('docs')).toEqual([]);
    expect(await found('wiki')).toEqual([ids['link']]);
  });
});
