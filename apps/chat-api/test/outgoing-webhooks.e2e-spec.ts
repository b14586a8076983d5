import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { webhookDispatcherDefinition } from '@apps/webhook-dispatcher';
import type { RunningService } from '@platform/http';
import { expectEventually } from '@platform/test-support';
import { startTestService } from '@platform/testing';
import { ChatTopic } from '@shared/contracts';
import { ChatActions } from './chat-actions.js';
import { type ChatAccount, type ChatRealm, ChatTestSystem } from './chat-test-system.js';

interface Received {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

interface ShownMessage {
  readonly id: number;
  readonly sender_id: number;
  readonly content: string;
  readonly client: string;
}

// What the receiver answers on each path (the bot's payload URL says which).
const ANSWERS: Readonly<Record<string, { status: number; body: string } | 'hang'>> = {
  '/content': { status: 200, body: JSON.stringify({ content: 'Hi @**Ann**, pong' }) },
  '/legacy': { status: 200, body: JSON.stringify({ response_string: 'legacy answer', content: 'ignored' }) },
  '/silent': { status: 200, body: JSON.stringify({ response_not_required: true, content: 'unsaid' }) },
  '/empty-string': { status: 200, body: '""' },
  '/blank': { status: 200, body: JSON.stringify({ content: '  \n ' }) },
  '/no-content': { status: 200, body: '{}' },
  '/invalid-json': { status: 200, body: 'this is not JSON' },
  '/array': { status: 200, body: '["a"]' },
  '/error': { status: 500, body: '{"error": "it\'s broken"}' },
  '/empty-error': { status: 404, body: '' },
  '/slack': { status: 200, body: JSON.stringify({ text: 'slack says hi' }) },
  '/slow': 'hang',
};

// Outgoing-webhook bots end to end, as Zulip runs them: chat-api and webhook-dispatcher on one
// bus, a local service answering each kind of response (and one that is down).
describe('outgoing webhooks through webhook-dispatcher', () => {
  let system: ChatTestSystem;
  let dispatcher: RunningService;
  let actions: ChatActions;
  let realm: ChatRealm;
  let owner: ChatAccount;
  let ann: ChatAccount;
  let bea: ChatAccount;
  let streamId: number;
  let receiver: Server;
  let receiverUrl: string;
  const received: Received[] = [];
  // Calls that have ended (chat-api's inbox counts them) so far.
  let completions = 0;

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        const path = request.url ?? '';
        received.push({ path, headers: request.headers, body });
        const answer = ANSWERS[path];
        if (answer === 'hang') return;
        response
          .writeHead(answer?.status ?? 404, { 'content-type': 'application/json' })
          .end(answer?.body ?? '');
      });
    });
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    // The suite polls conversations until the answers are there.
    system = await ChatTestSystem.start(apiGatewayDefinition, { CHAT_RATE_LIMIT_REQUESTS: '100000' });
    dispatcher = await startTestService(webhookDispatcherDefinition, {
      databaseUrl: system.database.url,
      bus: system.bus,
      env: {
        WEBHOOK_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
        WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
        WEBHOOK_TIMEOUT_MS: '300',
        WEBHOOK_POLL_INTERVAL_MS: '50',
      },
    });
    actions = new ChatActions(system);
    realm = await system.createRealm();
    owner = realm.owner;
    ann = await system.createUser(owner, 'ann@example.com', 'Ann');
    bea = await system.createUser(owner, 'bea@example.com', 'Bea');
    streamId = await actions.channel(owner, 'hooks', [ann, bea]);
  });

  afterAll(async () => {
    await dispatcher?.close();
    await system?.stop();
    receiver?.closeAllConnections();
    await new Promise((done) => receiver?.close(done));
  });

  let botCount = 0;
  // An outgoing-webhook bot owned by Bea, calling `url` in Zulip's format (1) or Slack's (2).
  async function bot(url: string, interfaceType = 1): Promise<ChatAccount & { fullName: string }> {
    botCount += 1;
    const fullName = `Hook ${botCount}`;
    const created = await actions
      .as(bea)
      .post('/bots', {
        full_name: fullName,
        short_name: `hook${botCount}`,
        bot_type: '3',
        payload_url: JSON.stringify(url),
        interface_type: String(interfaceType),
      })
      .expect(200);
    const shown = await actions.as(owner).get(`/users/${created.body.user_id}`).expect(200);
    return {
      userId: created.body.user_id,
      email: shown.body.user.email,
      apiKey: created.body.api_key,
      fullName,
    };
  }

  const mention = (account: { fullName: string }) => `@**${account.fullName}**`;

  async function topicMessages(topic: string): Promise<ShownMessage[]> {
    const response = await actions
      .as(owner)
      .get('/messages')
      .query({
        anchor: 'newest',
        num_before: '50',
        num_after: '0',
        apply_markdown: 'false',
        narrow: JSON.stringify([
          { operator: 'channel', operand: streamId },
          { operator: 'topic', operand: topic },
        ]),
      })
      .expect(200);
    return response.body.messages;
  }

  async function directMessages(viewer: ChatAccount, withUser: number): Promise<ShownMessage[]> {
    const response = await actions
      .as(viewer)
      .get('/messages')
      .query({
        anchor: 'newest',
        num_before: '50',
        num_after: '0',
        apply_markdown: 'false',
        narrow: JSON.stringify([{ operator: 'dm', operand: [withUser] }]),
      })
      .expect(200);
    return response.body.messages;
  }

  // Waits until `calls` more calls have ended and their answers are posted.
  async function settled(calls: number): Promise<void> {
    completions += calls;
    const database = system.chatApi.app.get(DataSource);
    await expectEventually(
      async () => {
        const [{ done }] = await database.query(
          `SELECT count(*)::int AS done FROM chat.inbox_message WHERE topic = $1`,
          [ChatTopic.OutgoingWebhookCompleted],
        );
        const [{ pending }] = await database.query(
          `SELECT count(*)::int AS pending FROM chat.outgoing_webhook_answer`,
        );
        expect({ done, pending }).toEqual({ done: completions, pending: 0 });
      },
      { timeoutMs: 20_000 },
    );
  }

  const sentTo = (path: string) => received.filter((request) => request.path === path);
  const link = (topic: string, messageId: number) =>
    `${realm.url}/#narrow/channel/${streamId}-hooks/topic/${topic}/near/${messageId}`;

  it('POSTs a channel mention in Zulip format and posts the content it answers in the topic', async () => {
    const hook = await bot(`${receiverUrl}/content`);
    // The reply is a message like any other: Ann's queue gets its `message` event.
    const registered = await actions
      .as(ann)
      .post('/register', { event_types: JSON.stringify(['message']) })
      .expect(200);
    const sent = await actions.toChannel(ann, streamId, 'ping', `${mention(hook)} **ping**`);
    const messages = await expectEventually(async () => {
      const shown = await topicMessages('ping');
      expect(shown).toHaveLength(2);
      return shown;
    });
    expect(messages[1]).toMatchObject({
      sender_id: hook.userId,
      content: 'Hi @**Ann**, pong',
      client: 'OutgoingWebhookResponse',
    });
    await expectEventually(async () => {
      const polled = await actions
        .as(ann)
        .get('/events')
        .query({ queue_id: registered.body.queue_id, last_event_id: '-1', dont_block: 'true' })
        .expect(200);
      const replies = (
        polled.body.events as Array<{ type: string; message?: ShownMessage; flags?: string[] }>
      )
        .filter((event) => event.type === 'message' && event.message!.sender_id === hook.userId)
        .map((event) => ({ id: event.message!.id, flags: event.flags }));
      // Ann is mentioned in the reply.
      expect(replies).toEqual([{ id: messages[1]!.id, flags: ['mentioned'] }]);
    });
    const [request] = sentTo('/content');
    expect(request!.headers).toMatchObject({
      'user-agent': 'ZulipOutgoingWebhook/11.0',
      'content-type': 'application/json',
    });
    // Written as Python's json.dumps writes it.
    expect(request!.body).toMatch(/^\{"data": "@\*\*Hook 1\*\* \*\*ping\*\*", "message": \{"id": \d+, /);
    const body = JSON.parse(request!.body);
    expect(body).toEqual({
      data: `${mention(hook)} **ping**`,
      message: expect.objectContaining({
        id: sent,
        type: 'stream',
        stream_id: streamId,
        display_recipient: 'hooks',
        subject: 'ping',
        sender_id: ann.userId,
        sender_email: ann.email,
        sender_full_name: 'Ann',
        content: `${mention(hook)} **ping**`,
        content_type: 'text/x-markdown',
        rendered_content: expect.stringContaining('<strong>ping</strong>'),
        client: expect.any(String),
        timestamp: expect.any(Number),
        avatar_url: expect.any(String),
      }),
      bot_email: hook.email,
      bot_full_name: hook.fullName,
      token: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
      trigger: 'mention',
    });
    // The token is the bot's, the same on every call.
    await actions.direct(ann, [hook], 'again');
    await expectEventually(() => expect(sentTo('/content')).toHaveLength(2));
    const again = JSON.parse(sentTo('/content')[1]!.body);
    expect(again).toMatchObject({ token: body.token, trigger: 'direct_message', data: 'again' });
    await settled(2);
  });

  it('answers direct and group direct messages that include the bot in their conversation', async () => {
    const hook = await bot(`${receiverUrl}/content`);
    await actions.direct(ann, [hook], 'hello bot');
    const direct = await expectEventually(async () => {
      const shown = await directMessages(ann, hook.userId);
      expect(shown).toHaveLength(2);
      return shown;
    });
    expect(direct[1]).toMatchObject({ sender_id: hook.userId, content: 'Hi @**Ann**, pong' });
    const groupId = await actions.direct(ann, [bea, hook], 'hello all');
    await expectEventually(async () => {
      const response = await actions
        .as(bea)
        .get('/messages')
        .query({
          anchor: String(groupId),
          num_before: '0',
          num_after: '5',
          apply_markdown: 'false',
          narrow: JSON.stringify([{ operator: 'dm', operand: [ann.userId, hook.userId] }]),
        })
        .expect(200);
      expect(response.body.messages.map((m: ShownMessage) => [m.sender_id, m.content])).toEqual([
        [ann.userId, 'hello all'],
        [hook.userId, 'Hi @**Ann**, pong'],
      ]);
    });
    await settled(2);
  });

  it('answers in a private channel that neither the bot nor its owner is in, as Zulip does', async () => {
    const hook = await bot(`${receiverUrl}/content`);
    const secret = await actions.channel(ann, 'secret', [], { invite_only: 'true' });
    await actions.toChannel(ann, secret, 'hush', `${mention(hook)} psst`);
    await expectEventually(async () => {
      const response = await actions
        .as(ann)
        .get('/messages')
        .query({
          anchor: 'newest',
          num_before: '5',
          num_after: '0',
          apply_markdown: 'false',
          narrow: JSON.stringify([
            { operator: 'channel', operand: secret },
            { operator: 'topic', operand: 'hush' },
          ]),
        })
        .expect(200);
      expect(response.body.messages.map((m: ShownMessage) => [m.sender_id, m.content])).toEqual([
        [ann.userId, `${mention(hook)} psst`],
        [hook.userId, 'Hi @**Ann**, pong'],
      ]);
    });
    await settled(1);
  });

  it('is not triggered by a mention inside code, by a message without a mention, or by a bot', async () => {
    const hook = await bot(`${receiverUrl}/legacy`);
    const other = await bot(`${receiverUrl}/content`);
    await actions.toChannel(ann, streamId, 'quiet', `\`${mention(hook)}\` in code`);
    await actions.toChannel(ann, streamId, 'quiet', 'no mention at all');
    // A bot mentioning (or writing to) another bot: no loop between bots.
    await actions.toChannel(other, streamId, 'quiet', `${mention(hook)} from a bot`);
    await actions.direct(other, [hook], 'bot to bot');
    // The same bot's requests keep their order: once this one arrives, none came before it.
    await actions.toChannel(ann, streamId, 'quiet', `${mention(hook)} now`);
    await expectEventually(() => expect(sentTo('/legacy')).toHaveLength(1));
    expect(JSON.parse(sentTo('/legacy')[0]!.body).data).toBe(`${mention(hook)} now`);
    // The legacy response_string wins over content.
    await expectEventually(async () =>
      expect((await topicMessages('quiet')).at(-1)).toMatchObject({
        sender_id: hook.userId,
        content: 'legacy answer',
      }),
    );
    await settled(1);
    expect(sentTo('/content')).toHaveLength(5);
  });

  it.each([
    ['response_not_required', '/silent'],
    ['the empty string (old bot servers)', '/empty-string'],
    ['blank content', '/blank'],
    ['no content at all', '/no-content'],
  ])('posts nothing for %s', async (_kind, path) => {
    const hook = await bot(`${receiverUrl}${path}`);
    const topic = `quiet-${path.slice(1)}`;
    await actions.toChannel(ann, streamId, topic, `${mention(hook)} hello`);
    await settled(1);
    expect(sentTo(path)).toHaveLength(1);
    expect(await topicMessages(topic)).toHaveLength(1);
    expect(await directMessages(bea, hook.userId)).toEqual([]);
  });

  // The failure in the conversation and the notice to the bot's owner, word for word.
  async function failureOf(path: string, topic: string, interfaceType = 1) {
    const hook = await bot(`${path.startsWith('http') ? '' : receiverUrl}${path}`, interfaceType);
    const sent = await actions.toChannel(ann, streamId, topic, `${mention(hook)} hello`);
    await settled(1);
    const inTopic = (await topicMessages(topic)).slice(1).map((m) => [m.sender_id, m.content]);
    const toOwner = (await directMessages(bea, hook.userId)).map((m) => [m.sender_id, m.content]);
    const intro = `[A message](${link(topic, sent)}) to your bot @_**${hook.fullName}** triggered an outgoing webhook.`;
    return { hook, inTopic, toOwner, intro };
  }

  it('reports invalid JSON in the conversation and to the owner', async () => {
    const { hook, inTopic, toOwner, intro } = await failureOf('/invalid-json', 'bad-json');
    expect(inTopic).toEqual([[hook.userId, 'Failure! Invalid JSON in response']]);
    expect(toOwner).toEqual([
      [
        hook.userId,
        `${intro}\nThe outgoing webhook server attempted to send a message in Zulip, but that request resulted in the following error:\n> Invalid JSON in response\nThe response contains the following payload:\n\`\`\`\n'this is not JSON'\n\`\`\``,
      ],
    ]);
  });

  it('reports JSON that is not an object', async () => {
    const { hook, inTopic, toOwner, intro } = await failureOf('/array', 'not-object');
    expect(inTopic).toEqual([[hook.userId, 'Failure! Invalid response format']]);
    expect(toOwner).toEqual([
      [
        hook.userId,
        `${intro}\nThe outgoing webhook server attempted to send a message in Zulip, but that request resulted in the following error:\n> Invalid response format\nThe response contains the following payload:\n\`\`\`\n'["a"]'\n\`\`\``,
      ],
    ]);
  });

  it('reports a status other than 2xx with its payload, once (no retry)', async () => {
    const { hook, inTopic, toOwner, intro } = await failureOf('/error', 'error');
    expect(inTopic).toEqual([[hook.userId, 'Failure! Third party responded with 500']]);
    expect(toOwner).toEqual([
      [
        hook.userId,
        `${intro}\nThe webhook got a response with status code *500*.\nThe response contains the following payload:\n\`\`\`\nb'{"error": "it\\'s broken"}'\n\`\`\``,
      ],
    ]);
    expect(sentTo('/error')).toHaveLength(1);
    const empty = await failureOf('/empty-error', 'empty-error');
    expect(empty.toOwner).toEqual([
      [empty.hook.userId, `${empty.intro}\nThe webhook got a response with status code *404*.`],
    ]);
  });

  it("retries a call that times out Zulip's 3 times, then reports the bot unavailable", async () => {
    const { hook, inTopic, toOwner, intro } = await failureOf('/slow', 'slow');
    expect(sentTo('/slow')).toHaveLength(4);
    expect(inTopic).toEqual([[hook.userId, 'Failure! Bot is unavailable']]);
    expect(toOwner).toEqual([[hook.userId, `${intro}\nRequest timed out after 0.3 seconds.`]]);
  });

  it('retries when the service is down, then reports the bot unavailable', async () => {
    const down = createServer();
    await new Promise<void>((done) => down.listen(0, '127.0.0.1', done));
    const port = (down.address() as AddressInfo).port;
    await new Promise((done) => down.close(done));
    const { hook, inTopic, toOwner, intro } = await failureOf(`http://127.0.0.1:${port}/down`, 'down');
    expect(inTopic).toEqual([[hook.userId, 'Failure! Bot is unavailable']]);
    expect(toOwner).toEqual([[hook.userId, `${intro}\nA connection error occurred. Is my bot server down?`]]);
  });

  it('refuses a URL in a private network that is not allow-listed, as Zulip’s proxy does', async () => {
    const { hook, inTopic, toOwner, intro } = await failureOf('http://10.1.2.3/hook', 'private');
    expect(inTopic).toEqual([[hook.userId, 'Failure! Third party responded with 407']]);
    expect(toOwner).toEqual([
      [hook.userId, `${intro}\nThe URL configured for the webhook is for a private or disallowed network.`],
    ]);
  });

  it("speaks Slack's outgoing webhook format to a Slack-compatible service", async () => {
    const hook = await bot(`${receiverUrl}/slack`, 2);
    const sent = await actions.toChannel(ann, streamId, 'slack', `${mention(hook)} hi`);
    await expectEventually(async () =>
      expect((await topicMessages('slack')).map((m) => [m.sender_id, m.content])).toEqual([
        [ann.userId, `${mention(hook)} hi`],
        [hook.userId, 'slack says hi'],
      ]),
    );
    await settled(1);
    const [request] = sentTo('/slack');
    expect(request!.headers).toMatchObject({
      'user-agent': 'ZulipOutgoingWebhook/11.0',
      'content-type': 'application/x-www-form-urlencoded',
    });
    const form = Object.fromEntries(new URLSearchParams(request!.body));
    expect(form).toEqual({
      token: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
      team_id: `T${realm.realmId}`,
      team_domain: new URL(realm.url).host,
      channel_id: `C${streamId}`,
      channel_name: 'hooks',
      thread_ts: expect.stringMatching(/^\d+$/),
      timestamp: expect.stringMatching(/^\d+$/),
      user_id: `U${ann.userId}`,
      user_name: 'Ann',
      text: `${mention(hook)} hi`,
      trigger_word: 'mention',
      service_id: String(hook.userId),
    });
    expect(sent).toBeGreaterThan(0);
    // A direct message is refused without a call.
    await actions.direct(ann, [hook], 'hi in private');
    await expectEventually(async () =>
      expect((await directMessages(ann, hook.userId)).map((m) => [m.sender_id, m.content])).toEqual([
        [ann.userId, 'hi in private'],
        [hook.userId, "Failure! Slack outgoing webhooks don't support direct messages."],
      ]),
    );
    expect(sentTo('/slack')).toHaveLength(1);
  });
});
