import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { type ChatAccount, ChatTestSystem } from './chat-test-system.js';

interface Listed {
  id: number;
  content: string;
  subject: string;
  flags: string[];
  type: string;
}

describe('messages through the gateway', () => {
  let system: ChatTestSystem;
  let owner: ChatAccount;
  let ann: ChatAccount;
  let ben: ChatAccount;
  let cy: ChatAccount;

  const as = (account: ChatAccount) => ({
    get: (path: string, query: Record<string, string> = {}) =>
      system.http.get(`/api/v1${path}`).query(query).auth(account.email, account.apiKey),
    post: (path: string, form: Record<string, string>) =>
      system.http.post(`/api/v1${path}`).auth(account.email, account.apiKey).type('form').send(form),
  });
  const subscribe = (account: ChatAccount, name: string, extra: Record<string, string> = {}) =>
    as(account)
      .post('/users/me/subscriptions', { subscriptions: JSON.stringify([{ name }]), ...extra })
      .expect(200);
  const send = async (account: ChatAccount, form: Record<string, string>): Promise<number> =>
    (await as(account).post('/messages', form).expect(200)).body.id;
  const toChannel = (account: ChatAccount, channel: string, topic: string, content: string) =>
    send(account, { type: 'stream', to: channel, topic, content });
  const list = async (account: ChatAccount, query: Record<string, string>) =>
    (await as(account).get('/messages', query).expect(200)).body as {
      messages: Listed[];
      anchor: number;
      found_anchor: boolean;
      found_oldest: boolean;
      found_newest: boolean;
      history_limited: boolean;
    };
  const narrow = (...terms: Array<[string, unknown]>) =>
    JSON.stringify(terms.map(([operator, operand]) => ({ operator, operand })));
  // The Notification Bot's first message in every channel Ann creates, rendered.
  const createdByAnn = (kind: string) =>
    `<p><strong>${kind}</strong> channel created by <span class="user-mention silent" data-user-id="${ann.userId}">Ann Lee</span>. <strong>Description:</strong></p>\n` +
    '<blockquote>\n<p><em>No description.</em></p>\n</blockquote>';

  beforeAll(async () => {
    system = await ChatTestSystem.start(apiGatewayDefinition);
    owner = (await system.createRealm()).owner;
    ann = await system.createUser(owner, 'ann@example.com', 'Ann Lee');
    ben = await system.createUser(owner, 'ben@example.com', 'Ben Kim');
    cy = await system.createUser(owner, 'cy@example.com', 'Cy Park');
    await subscribe(ann, 'lobby');
    await subscribe(ann, 'lobby', { principals: JSON.stringify([ben.userId]) });
  });

  afterAll(() => system.stop());

  describe('POST /messages', () => {
    it('sends to a channel topic and a direct conversation', async () => {
      const channelId = await toChannel(ann, 'lobby', 'hello', 'first **post**');
      const directId = await send(ann, { type: 'direct', to: JSON.stringify([ben.email]), content: 'psst' });
      const got = await as(ben).get(`/messages/${channelId}`).expect(200);
      expect(got.body).toMatchObject({
        raw_content: 'first **post**',
        message: {
          id: channelId,
          content: '<p>first <strong>post</strong></p>',
          type: 'stream',
          display_recipient: 'lobby',
          subject: 'hello',
          sender_id: ann.userId,
          sender_full_name: 'Ann Lee',
          sender_email: 'ann@example.com',
          content_type: 'text/html',
          flags: [],
        },
      });
      const direct = await as(ben).get(`/messages/${directId}`).expect(200);
      expect(direct.body.message).toMatchObject({
        type: 'private',
        display_recipient: [
          { id: ann.userId, email: ann.email, full_name: 'Ann Lee', is_mirror_dummy: false },
          { id: ben.userId, email: ben.email, full_name: 'Ben Kim', is_mirror_dummy: false },
        ],
      });
      const outsider = await as(cy).get(`/messages/${directId}`).expect(400);
      expect(outsider.body).toEqual({ result: 'error', msg: 'Invalid message(s)', code: 'BAD_REQUEST' });
      const beyond = await as(cy).get('/messages/99999999999').expect(400);
      expect(beyond.body).toEqual(outsider.body);
    });

    it.each([
      [
        { type: 'stream', to: 'nowhere', topic: 't', content: 'x' },
        "Channel 'nowhere' does not exist",
        'STREAM_DOES_NOT_EXIST',
        { stream: 'nowhere' },
      ],
      [
        { type: 'stream', to: '999999', topic: 't', content: 'x' },
        "Channel with ID '999999' does not exist",
        'STREAM_DOES_NOT_EXIST',
        { stream_id: 999999 },
      ],
      [{ type: 'stream', to: 'lobby', content: 'x' }, 'Missing topic', 'BAD_REQUEST', {}],
      // Zulip checks the topic before looking the channel up.
      [{ type: 'stream', to: 'nowhere', content: 'x' }, 'Missing topic', 'BAD_REQUEST', {}],
      // ...and its parameters in alphabetical order: content before type.
      [{ to: 'lobby' }, "Missing 'content' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'content' }],
      [
        { type: 'stream', to: 'lobby', topic: 't', content: '   ' },
        'Message must not be empty',
        'BAD_REQUEST',
        {},
      ],
      [{ type: 'direct', to: '[999999]', content: 'x' }, 'Invalid user ID 999999', 'BAD_REQUEST', {}],
      // Ids beyond PostgreSQL integers name nothing (no 500).
      [
        { type: 'direct', to: '[99999999999]', content: 'x' },
        'Invalid user ID 99999999999',
        'BAD_REQUEST',
        {},
      ],
      [
        { type: 'stream', to: '99999999999', topic: 't', content: 'x' },
        "Channel with ID '99999999999' does not exist",
        'STREAM_DOES_NOT_EXIST',
        { stream_id: 99999999999 },
      ],
      [
        { type: 'direct', to: 'ghost@example.com', content: 'x' },
        "Invalid email 'ghost@example.com'",
        'BAD_REQUEST',
        {},
      ],
      [
        { type: 'direct', to: '[1,"a@b.c"]', content: 'x' },
        'Recipient lists may contain emails or user IDs, but not both.',
        'BAD_REQUEST',
        {},
      ],
      [{ type: 'broadcast', to: 'lobby', content: 'x' }, 'Invalid type', 'BAD_REQUEST', {}],
      [
        { to: 'lobby', content: 'x' },
        "Missing 'type' argument",
        'REQUEST_VARIABLE_MISSING',
        { var_name: 'type' },
      ],
    ])('refuses %j', async (form, msg, code, extra) => {
      const response = await as(ann)
        .post('/messages', form as Record<string, string>)
        .expect(400);
      expect(response.body).toEqual({ result: 'error', msg, code, ...extra });
    });

    it('refuses to send to an archived channel, by id or by name, as not authorized', async () => {
      await subscribe(owner, 'closed');
      const closed = await as(owner).get('/users/me/subscriptions').expect(200);
      const id = (closed.body.subscriptions as Array<{ name: string; stream_id: number }>).find(
        (sub) => sub.name === 'closed',
      )!.stream_id;
      await system.http.delete(`/api/v1/streams/${id}`).auth(owner.email, owner.apiKey).expect(200);
      const refused = {
        result: 'error',
        msg: "Not authorized to send to channel 'closed'",
        code: 'BAD_REQUEST',
      };
      for (const to of [String(id), 'closed']) {
        const response = await as(owner).post('/messages', { type: 'stream', to, topic: 't', content: 'x' });
        expect(response.status).toBe(400);
        expect(response.body).toEqual(refused);
      }
    });

    it('marks a message starting with "/me " as a status message, as Zulip does', async () => {
      const me = await toChannel(ann, 'lobby', 'status', '/me waves');
      const other = await toChannel(ann, 'lobby', 'status', '/meh no');
      const flagsOf = async (id: number) =>
        (await as(ben).get(`/messages/${id}`).expect(200)).body.message.is_me_message as boolean;
      expect([await flagsOf(me), await flagsOf(other)]).toEqual([true, false]);
    });

    it('reads local_id and queue_id, so they are not reported as ignored', async () => {
      const response = await as(ann)
        .post('/messages', {
          type: 'stream',
          to: 'lobby',
          topic: 'ids',
          content: 'x',
          local_id: '1.01',
          queue_id: 'q',
        })
        .expect(200);
      expect(response.body).toEqual({ result: 'success', msg: '', id: expect.any(Number) });
    });

    it('truncates an over-long topic and content as Zulip does', async () => {
      const id = await toChannel(ann, 'lobby', 't'.repeat(70), 'c'.repeat(10_005));
      const { body } = await as(ann).get(`/messages/${id}`).expect(200);
      expect(body.message.subject).toBe(`${'t'.repeat(57)}...`);
      expect(body.raw_content).toHaveLength(10_000);
      expect(body.raw_content.endsWith('\n[message truncated]')).toBe(true);
    });

    it('stores "(no topic)" as the empty topic and shows the realm display name unless asked', async () => {
      const id = await toChannel(ann, 'lobby', '(no topic)', 'untitled');
      expect((await as(ann).get(`/messages/${id}`).expect(200)).body.message.subject).toBe('general chat');
      const raw = await as(ann).get(`/messages/${id}`, { allow_empty_topic_name: 'true' }).expect(200);
      expect(raw.body.message.subject).toBe('');
      // A narrow to the display name finds the empty topic, as Zulip's clean_narrow_for_message_fetch.
      const narrowed = await list(ann, {
        anchor: 'newest',
        num_before: '10',
        narrow: narrow(['channel', 'lobby'], ['topic', 'general chat']),
      });
      expect(narrowed.messages.map((m) => m.id)).toEqual([id]);
    });
  });

  describe('Markdown as Zulip renders it', () => {
    it("stores a fenced code block and a link in Zulip's HTML", async () => {
      const content = 'See [the docs](https://zulip.com/api/) or https://example.com.\n```\nprint("hi")\n```';
      const id = await toChannel(ann, 'lobby', 'markdown', content);
      const { body } = await as(ben).get(`/messages/${id}`).expect(200);
      expect(body.raw_content).toBe(content);
      expect(body.message.content).toBe(
        '<p>See <a href="https://zulip.com/api/">the docs</a> or ' +
          '<a href="https://example.com">https://example.com</a>.</p>\n' +
          '<div class="codehilite"><pre><span></span><code>print(&quot;hi&quot;)\n</code></pre></div>',
      );
    });

    it("makes a link into the realm's views relative", async () => {
      const registered = await as(ann)
        .post('/register', { fetch_event_types: JSON.stringify(['realm']) })
        .expect(200);
      const url = `${registered.body.realm_url}/#narrow/channel/1-lobby`;
      const { body } = await as(ann)
        .post('/messages/render', { content: `[here](${url})` })
        .expect(200);
      expect(body.rendered).toBe('<p><a href="#narrow/channel/1-lobby">here</a></p>');
    });

    it('renders a preview with POST /messages/render', async () => {
      const { body } = await as(ann)
        .post('/messages/render', { content: "```\nit's <b>\n```\n> **quoted** _plain_" })
        .expect(200);
      expect(body.rendered).toBe(
        '<div class="codehilite"><pre><span></span><code>it&#39;s &lt;b&gt;\n</code></pre></div>\n' +
          '<blockquote>\n<p><strong>quoted</strong> _plain_</p>\n</blockquote>',
      );
    });
  });

  describe('mentions and flags', () => {
    it('renders mentions with Zulip classes and sets each recipient flags', async () => {
      const id = await toChannel(ann, 'lobby', 'mentions', 'hey @**Ben Kim**, see #**lobby**');
      const forBen = await as(ben).get(`/messages/${id}`).expect(200);
      expect(forBen.body.message.content).toBe(
        `<p>hey <span class="user-mention" data-user-id="${ben.userId}">@Ben Kim</span>, see ` +
          `<a class="stream" data-stream-id="${forBen.body.message.stream_id}" href="/#narrow/channel/${forBen.body.message.stream_id}-lobby">#lobby</a></p>`,
      );
      expect(forBen.body.message.flags).toEqual(['mentioned']);
      const forAnn = await as(ann).get(`/messages/${id}`).expect(200);
      expect(forAnn.body.message.flags).toEqual(['read']);
    });

    it('flags channel and topic wildcards, but not silent mentions', async () => {
      const all = await toChannel(ann, 'lobby', 'wild', '@**all** look');
      expect((await as(ben).get(`/messages/${all}`).expect(200)).body.message.flags).toEqual([
        'stream_wildcard_mentioned',
        'wildcard_mentioned',
      ]);
      await toChannel(ben, 'lobby', 'wild', 'I was here');
      const topic = await toChannel(ann, 'lobby', 'wild', '@**topic** meeting');
      expect((await as(ben).get(`/messages/${topic}`).expect(200)).body.message.flags).toEqual([
        'topic_wildcard_mentioned',
        'wildcard_mentioned',
      ]);
      const silent = await toChannel(ann, 'lobby', 'wild', '@_**Ben Kim** fyi');
      expect((await as(ben).get(`/messages/${silent}`).expect(200)).body.message.flags).toEqual([]);
    });

    it('honours read_by_sender', async () => {
      const id = await send(ann, {
        type: 'stream',
        to: 'lobby',
        topic: 'unread',
        content: 'x',
        read_by_sender: 'false',
      });
      expect((await as(ann).get(`/messages/${id}`).expect(200)).body.message.flags).toEqual([]);
    });
  });

  describe('GET /messages', () => {
    let ids: number[];
    let notice: number;

    beforeAll(async () => {
      await subscribe(ann, 'numbers', { principals: JSON.stringify([ann.userId, ben.userId]) });
      const first = await list(ben, {
        anchor: 'oldest',
        num_after: '1',
        narrow: narrow(['channel', 'numbers']),
      });
      notice = first.messages[0]!.id;
      ids = [];
      for (const n of [1, 2, 3, 4, 5])
        ids.push(await toChannel(ann, 'numbers', n % 2 ? 'odd' : 'even', `number ${n}`));
    });

    it('pages around an id anchor', async () => {
      const page = await list(ben, {
        anchor: String(ids[2]),
        num_before: '1',
        num_after: '1',
        narrow: narrow(['channel', 'numbers']),
      });
      expect(page.messages.map((m) => m.content)).toEqual([
        '<p>number 2</p>',
        '<p>number 3</p>',
        '<p>number 4</p>',
      ]);
      expect(page).toMatchObject({
        anchor: ids[2],
        found_anchor: true,
        found_oldest: false,
        found_newest: false,
        history_limited: false,
      });
    });

    it('reads from the newest and the oldest ends', async () => {
      const newest = await list(ben, {
        anchor: 'newest',
        num_before: '2',
        num_after: '0',
        narrow: narrow(['channel', 'numbers']),
      });
      expect(newest.messages.map((m) => m.content)).toEqual(['<p>number 4</p>', '<p>number 5</p>']);
      expect(newest).toMatchObject({
        anchor: 10_000_000_000_000_000,
        found_anchor: false,
        found_newest: true,
        found_oldest: false,
      });
      const oldest = await list(ben, {
        anchor: 'oldest',
        num_before: '0',
        num_after: '10',
        narrow: narrow(['channel', 'numbers']),
      });
      expect(oldest.messages.map((m) => m.id)).toEqual([notice, ...ids]);
      expect(oldest).toMatchObject({ anchor: 0, found_oldest: true, found_newest: true });
    });

    it('starts at the first unread message', async () => {
      const page = await list(ben, {
        anchor: 'first_unread',
        num_before: '0',
        num_after: '1',
        narrow: narrow(['channel', 'numbers']),
      });
      // The creation notice, unread for Ben (read only for its creator).
      expect(page.anchor).toBe(notice);
      expect(page.messages[0]!.flags).toEqual([]);
    });

    it('narrows by topic, sender, direct conversation, flags and search', async () => {
      const all = { anchor: 'newest', num_before: '100', num_after: '0' };
      const odd = await list(ben, { ...all, narrow: narrow(['stream', 'numbers'], ['topic', 'ODD']) });
      expect(odd.messages.map((m) => m.content)).toEqual([
        '<p>number 1</p>',
        '<p>number 3</p>',
        '<p>number 5</p>',
      ]);
      const fromBen = await list(ann, { ...all, narrow: narrow(['sender', ben.email]) });
      expect(fromBen.messages.map((m) => m.content)).toEqual(['<p>I was here</p>']);
      const direct = await list(ben, { ...all, narrow: narrow(['dm', [ann.userId]]) });
      expect(direct.messages.map((m) => m.content)).toEqual(['<p>psst</p>']);
      const mentioned = await list(ben, { ...all, narrow: narrow(['is', 'mentioned']) });
      expect(mentioned.messages.map((m) => m.subject)).toEqual(['mentions', 'wild', 'wild']);
      const search = await list(ben, { ...all, narrow: narrow(['search', 'number 4']) });
      expect(search.messages.map((m) => m.content)).toEqual(['<p>number 4</p>']);
      const negated = await list(ben, {
        ...all,
        narrow: JSON.stringify([
          { operator: 'channel', operand: 'numbers' },
          { operator: 'topic', operand: 'odd', negated: true },
        ]),
      });
      expect(negated.messages.map((m) => m.content)).toEqual([
        createdByAnn('Public'),
        '<p>number 2</p>',
        '<p>number 4</p>',
      ]);
    });

    it('refuses bad narrows and anchors', async () => {
      const base = { num_before: '1', num_after: '1' };
      const cases: Array<[Record<string, string>, string, string]> = [
        [
          { ...base, anchor: 'newest', narrow: narrow(['channel', 'nowhere']) },
          'Invalid narrow operator: unknown channel nowhere',
          'BAD_NARROW',
        ],
        [
          { ...base, anchor: 'newest', narrow: narrow(['channel', 999999]) },
          'Invalid narrow operator: unknown channel 999999',
          'BAD_NARROW',
        ],
        [
          { ...base, anchor: 'newest', narrow: narrow(['bogus', 'x']) },
          'Invalid narrow operator: unknown operator bogus',
          'BAD_NARROW',
        ],
        [
          { ...base, anchor: 'newest', narrow: narrow(['is', 'odd']) },
          "Invalid narrow operator: unknown 'is' operand odd",
          'BAD_NARROW',
        ],
        [
          { ...base, anchor: 'newest', narrow: narrow(['has', 'poem']) },
          "Invalid narrow operator: unknown 'has' operand poem",
          'BAD_NARROW',
        ],
        [
          { ...base, anchor: 'newest', narrow: narrow(['in', 'space']) },
          "Invalid narrow operator: unknown 'in' operand space",
          'BAD_NARROW',
        ],
        [
          { ...base, anchor: 'newest', narrow: narrow(['channels', 'mine']) },
          'Invalid narrow operator: unknown channels operand mine',
          'BAD_NARROW',
        ],
        [
          { ...base, anchor: 'newest', narrow: narrow(['sender', 'ghost@example.com']) },
          'Invalid narrow operator: unknown user ghost@example.com',
          'BAD_NARROW',
        ],
        [
          { ...base, anchor: 'newest', narrow: narrow(['dm', [ann.userId, 999999]]) },
          `Invalid narrow operator: unknown user in [${ann.userId}, 999999]`,
          'BAD_NARROW',
        ],
        [
          { ...base, anchor: 'newest', narrow: narrow(['id', 'abc']) },
          'Invalid narrow operator: Invalid message ID',
          'BAD_NARROW',
        ],
        // Ids beyond PostgreSQL integers name nothing (Zulip: MAX_POSSIBLE_MESSAGE_ID).
        [
          { ...base, anchor: 'newest', narrow: narrow(['channel', 99999999999]) },
          'Invalid narrow operator: unknown channel 99999999999',
          'BAD_NARROW',
        ],
        [
          { ...base, anchor: 'newest', narrow: narrow(['sender', 'me']) },
          'Invalid narrow operator: unknown user me',
          'BAD_NARROW',
        ],
        [
          { ...base, anchor: 'newest', narrow: narrow(['sender', 99999999999]) },
          'Invalid narrow operator: unknown user 99999999999',
          'BAD_NARROW',
        ],
        [
          { ...base, anchor: 'newest', narrow: narrow(['id', '99999999999']) },
          'Invalid narrow operator: Invalid message ID',
          'BAD_NARROW',
        ],
        [
          { ...base, anchor: 'newest', narrow: narrow(['dm', `${ann.email},`]) },
          `Invalid narrow operator: unknown user in ${ann.email},`,
          'BAD_NARROW',
        ],
        [
          { ...base, anchor: 'newest', narrow: narrow(['subject', 'odd']) },
          'Invalid narrow operator: unknown operator subject',
          'BAD_NARROW',
        ],
        // Zulip's check_not_both_channel_and_dm_narrow.
        [
          { ...base, anchor: 'newest', narrow: narrow(['channel', 'numbers'], ['dm', [ann.userId]]) },
          'Invalid narrow operator: No message can be both a channel message and direct message',
          'BAD_NARROW',
        ],
        [
          {
            ...base,
            anchor: 'newest',
            narrow: JSON.stringify([
              { operator: 'is', operand: 'dm', negated: true },
              { operator: 'dm', operand: [ann.userId] },
            ]),
          },
          'Invalid narrow operator: No message can be both a channel message and direct message',
          'BAD_NARROW',
        ],
        // Operands are checked with the parameter, before the anchor.
        [{ ...base, narrow: narrow(['topic', 5]) }, 'operand is not a string', 'BAD_REQUEST'],
        [{ ...base, narrow: narrow(['channel', [1]]) }, 'operand is not a string or integer', 'BAD_REQUEST'],
        [
          { ...base, narrow: narrow(['dm', {}]) },
          'operand is not a string or an integer list',
          'BAD_REQUEST',
        ],
        [{ ...base, narrow: narrow(['dm', ['ann']]) }, 'operand[0] is not an integer', 'BAD_REQUEST'],
        [{ ...base, narrow: narrow(['search', '  ']) }, 'operand cannot be blank.', 'BAD_REQUEST'],
        [{ ...base, anchor: 'sideways' }, 'Invalid anchor', 'BAD_REQUEST'],
        [{ ...base }, "Missing 'anchor' argument.", 'BAD_REQUEST'],
        [
          { anchor: 'newest', num_before: '4000', num_after: '1001' },
          'Too many messages requested (maximum 5000).',
          'BAD_REQUEST',
        ],
        // The anchor is read first, then the count, then the narrow.
        [
          { anchor: 'sideways', num_before: '4000', num_after: '1001', narrow: narrow(['bogus', 'x']) },
          'Invalid anchor',
          'BAD_REQUEST',
        ],
        [
          { anchor: 'newest', num_before: '4000', num_after: '1001', narrow: narrow(['bogus', 'x']) },
          'Too many messages requested (maximum 5000).',
          'BAD_REQUEST',
        ],
        [
          { ...base, anchor: 'newest', include_anchor: 'false' },
          'The anchor can only be excluded at an end of the range',
          'BAD_REQUEST',
        ],
        [{ anchor: 'newest', num_before: '-1', num_after: '0' }, 'num_before is too small', 'BAD_REQUEST'],
        [
          { anchor: 'newest', num_before: '1', num_after: '0', narrow: '{}' },
          'narrow is not a list',
          'BAD_REQUEST',
        ],
      ];
      // BadNarrowOperatorError carries its description as the data field `desc`.
      const descOf = (msg: string) => msg.replace(/^Invalid narrow operator: /, '');
      for (const [query, msg, code] of cases) {
        const response = await as(ben).get('/messages', query).expect(400);
        expect(response.body).toEqual({
          result: 'error',
          msg,
          code,
          ...(code === 'BAD_NARROW' ? { desc: descOf(msg) } : {}),
        });
      }
      const unknown = await as(ben)
        .get('/messages', { anchor: 'newest', narrow: narrow(['bogus', 'x']) })
        .expect(400);
      expect(unknown.body.desc).toBe('unknown operator bogus');
    });

    // Zulip's MessageDict (build_message_dict + finalize_payload) and the caller's flags.
    it("lists messages with the fields of Zulip's message objects", async () => {
      const common = {
        sender_id: ann.userId,
        timestamp: expect.any(Number),
        client: expect.any(String),
        topic_links: [],
        is_me_message: false,
        reactions: [],
        submessages: [],
        sender_full_name: 'Ann Lee',
        sender_email: ann.email,
        sender_realm_str: expect.any(String),
        avatar_url: null,
        content_type: 'text/html',
      };
      const channel = await list(ben, { anchor: String(ids[0]), narrow: narrow(['channel', 'numbers']) });
      expect(channel.messages).toEqual([
        {
          ...common,
          id: ids[0],
          content: '<p>number 1</p>',
          recipient_id: expect.any(Number),
          subject: 'odd',
          display_recipient: 'numbers',
          type: 'stream',
          stream_id: expect.any(Number),
          flags: [],
        },
      ]);
      const direct = await list(ben, {
        anchor: 'newest',
        num_before: '1',
        narrow: narrow(['dm', [ann.userId]]),
        client_gravatar: 'false',
      });
      expect(direct.messages).toEqual([
        {
          ...common,
          id: expect.any(Number),
          content: '<p>psst</p>',
          recipient_id: expect.any(Number),
          subject: '',
          display_recipient: [
            { id: ann.userId, email: ann.email, full_name: 'Ann Lee', is_mirror_dummy: false },
            { id: ben.userId, email: ben.email, full_name: 'Ben Kim', is_mirror_dummy: false },
          ],
          type: 'private',
          avatar_url: expect.stringMatching(/^https:\/\/secure\.gravatar\.com\/avatar\//),
          flags: [],
        },
      ]);
    });

    // Zulip's get_search_fields, and add_narrow_conditions' one search term (never negated).
    it('shows where a search matched, in match_content and match_subject', async () => {
      const expected = [
        expect.objectContaining({
          content: '<p>number 4</p>',
          match_content: '<p><span class="highlight">number</span> <span class="highlight">4</span></p>',
          match_subject: 'even',
        }),
      ];
      const all = { anchor: 'newest', num_before: '100' };
      const search = await list(ben, { ...all, narrow: narrow(['search', 'NUMBER 4']) });
      expect(search.messages).toEqual(expected);
      const negated = await list(ben, {
        ...all,
        narrow: JSON.stringify([{ operator: 'search', operand: 'number 4', negated: true }]),
      });
      expect(negated.messages).toEqual(expected);
      const topic = await list(ben, { ...all, narrow: narrow(['channel', 'numbers'], ['search', 'eve']) });
      expect(topic.messages.map((m) => (m as unknown as { match_subject: string }).match_subject)).toEqual([
        'channel <span class="highlight">eve</span>nts',
        '<span class="highlight">eve</span>n',
        '<span class="highlight">eve</span>n',
      ]);
      const plain = await list(ben, { ...all, narrow: narrow(['channel', 'numbers']) });
      expect(plain.messages[0]).not.toHaveProperty('match_content');
    });

    it('takes num_before and num_after as 0 when left out', async () => {
      const page = await list(ben, { anchor: String(ids[1]), narrow: narrow(['channel', 'numbers']) });
      expect(page.messages.map((m) => m.content)).toEqual(['<p>number 2</p>']);
      expect(page).toMatchObject({ found_anchor: true, found_oldest: false, found_newest: false });
      // Zulip then looks the anchor up alone, even when asked to exclude it.
      const excluded = await list(ben, { anchor: String(ids[1]), include_anchor: 'false' });
      expect(excluded.messages.map((m) => m.id)).toEqual([ids[1]]);
      expect(excluded.found_anchor).toBe(true);
    });

    // Zulip 10's message_ids: the listed messages the caller may read, without a range.
    it('fetches listed message ids, and refuses them with a range', async () => {
      const page = await as(ben)
        .get('/messages', { message_ids: JSON.stringify([ids[3], ids[1], 999999]) })
        .expect(200);
      expect(page.body).toEqual({
        result: 'success',
        msg: '',
        messages: [
          expect.objectContaining({ id: ids[1], content: '<p>number 2</p>' }),
          expect.objectContaining({ id: ids[3], content: '<p>number 4</p>' }),
        ],
        history_limited: false,
        found_anchor: false,
        found_oldest: false,
        found_newest: false,
      });
      // Cy holds no copy: only a narrow to the public channel shows its history.
      const own = await list(cy, { message_ids: JSON.stringify([ids[1]]) });
      expect(own.messages).toEqual([]);
      const history = await list(cy, {
        message_ids: JSON.stringify([ids[1]]),
        narrow: narrow(['channel', 'numbers']),
      });
      expect(history.messages.map((m) => m.flags)).toEqual([['read', 'historical']]);
      const both = await as(ben)
        .get('/messages', { message_ids: JSON.stringify([ids[1]]), anchor: 'newest' })
        .expect(400);
      const parameters =
        'num_before, num_after, anchor, message_ids, include_anchor, use_first_unread_anchor';
      expect(both.body).toEqual({
        result: 'error',
        msg: `Unsupported parameter combination: ${parameters}`,
        code: 'BAD_REQUEST',
        parameters,
      });
    });

    it('finds nothing for an empty dm list, followed topics or ids beyond integers', async () => {
      const all = { anchor: 'newest', num_before: '100' };
      expect((await list(ben, { ...all, narrow: narrow(['dm', []]) })).messages).toEqual([]);
      expect((await list(ben, { ...all, narrow: narrow(['is', 'followed']) })).messages).toEqual([]);
      expect((await list(ben, { message_ids: '[99999999999]' })).messages).toEqual([]);
      // A negated channel confines nothing, and pm_with is Zulip's underscore alias of dm (emails
      // only: its operand is validated as a string).
      const direct = await list(ben, {
        ...all,
        narrow: JSON.stringify([
          { operator: 'channel', operand: 'numbers', negated: true },
          { operator: 'pm_with', operand: ann.email },
        ]),
      });
      expect(direct.messages.map((m) => m.content)).toEqual(['<p>psst</p>']);
    });

    // Zulip 9's `with` (update_narrow_terms_containing_with_operator): the message's current
    // conversation replaces the narrow's channel, topic and dm terms.
    it('narrows to the conversation of a with message', async () => {
      const all = { anchor: 'newest', num_before: '100' };
      const odd = await list(ben, {
        ...all,
        narrow: narrow(['channel', 'lobby'], ['topic', 'elsewhere'], ['with', ids[0]]),
      });
      expect(odd.messages.map((m) => m.content)).toEqual([
        '<p>number 1</p>',
        '<p>number 3</p>',
        '<p>number 5</p>',
      ]);
      const psst = (await list(ben, { ...all, narrow: narrow(['dm', [ann.userId]]) })).messages[0]!;
      const direct = await list(ben, { ...all, narrow: narrow(['with', String(psst.id)]) });
      expect(direct.messages.map((m) => m.content)).toEqual(['<p>psst</p>']);
      // A message the caller cannot see leaves a narrow that names a conversation as it is.
      const kept = await list(cy, {
        ...all,
        narrow: narrow(['channel', 'numbers'], ['topic', 'even'], ['with', psst.id]),
      });
      expect(kept.messages.map((m) => m.content)).toEqual(['<p>number 2</p>', '<p>number 4</p>']);
      const refusals: Array<[string, string, string]> = [
        [
          narrow(['with', psst.id]),
          "Invalid narrow operator: Invalid 'with' operator",
          "Invalid 'with' operator",
        ],
        [
          narrow(['with', 'abc']),
          "Invalid narrow operator: Invalid 'with' operator",
          "Invalid 'with' operator",
        ],
        [
          narrow(['with', ids[0]], ['with', ids[1]]),
          "Invalid narrow operator combination: Duplicate 'with' operators.",
          "Duplicate 'with' operators.",
        ],
      ];
      for (const [terms, msg, desc] of refusals) {
        const response = await as(cy)
          .get('/messages', { ...all, narrow: terms })
          .expect(400);
        expect(response.body).toEqual({ result: 'error', msg, code: 'BAD_NARROW', desc });
      }
    });

    it('reads the near, in and channels operators', async () => {
      const all = { anchor: 'newest', num_before: '100', num_after: '0' };
      const near = await list(ben, {
        ...all,
        narrow: narrow(['channel', 'numbers'], ['near', String(ids[1])], ['in', 'all']),
      });
      expect(near.messages).toHaveLength(6);
      const home = await list(ben, { ...all, narrow: narrow(['channel', 'numbers'], ['in', 'home']) });
      expect(home.messages).toHaveLength(6);
      // Every public channel's history, even where the caller holds no copy.
      const publicHistory = await list(cy, {
        ...all,
        narrow: narrow(['channels', 'public'], ['topic', 'odd']),
      });
      expect(publicHistory.messages.map((m) => [m.content, m.flags])).toEqual([
        ['<p>number 1</p>', ['read', 'historical']],
        ['<p>number 3</p>', ['read', 'historical']],
        ['<p>number 5</p>', ['read', 'historical']],
      ]);
    });

    it('shows a public channel history to a non-subscriber as read and historical', async () => {
      const page = await list(cy, {
        anchor: 'newest',
        num_before: '1',
        num_after: '0',
        narrow: narrow(['channel', 'numbers']),
      });
      expect(page.messages).toEqual([
        expect.objectContaining({ content: '<p>number 5</p>', flags: ['read', 'historical'] }),
      ]);
      const own = await list(cy, { anchor: 'newest', num_before: '10', num_after: '0' });
      expect(own.messages).toEqual([]);
      // Zulip's ok_to_include_history: an `is` term reads only the caller's copies.
      const read = await list(cy, {
        anchor: 'newest',
        num_before: '10',
        narrow: JSON.stringify([
          { operator: 'channel', operand: 'numbers' },
          { operator: 'is', operand: 'unread', negated: true },
        ]),
      });
      expect(read.messages).toEqual([]);
    });
  });

  describe('private channel history', () => {
    const sendToVault = (account: ChatAccount) =>
      as(account).post('/messages', { type: 'stream', to: 'vault', topic: 'x', content: 'hi' });
    const notAuthorizedForVault = {
      result: 'error',
      msg: "Not authorized to send to channel 'vault'",
      code: 'BAD_REQUEST',
    };

    it('shows a late subscriber only what arrived after joining when history is protected', async () => {
      await subscribe(ann, 'vault', { invite_only: 'true' });
      await toChannel(ann, 'vault', 'x', 'before cy');
      await subscribe(ann, 'vault', { principals: JSON.stringify([cy.userId]) });
      await toChannel(ann, 'vault', 'x', 'after cy');
      const page = await list(cy, {
        anchor: 'newest',
        num_before: '10',
        num_after: '0',
        narrow: narrow(['channel', 'vault']),
      });
      expect(page.messages.map((m) => m.content)).toEqual(['<p>after cy</p>']);
    });

    it('shows a late subscriber everything when history is shared', async () => {
      await subscribe(ann, 'open book', { invite_only: 'true', history_public_to_subscribers: 'true' });
      await toChannel(ann, 'open book', 'x', 'chapter 1');
      await subscribe(ann, 'open book', { principals: JSON.stringify([cy.userId]) });
      const page = await list(cy, {
        anchor: 'newest',
        num_before: '10',
        num_after: '0',
        narrow: narrow(['channel', 'open book']),
      });
      expect(page.messages.map((m) => [m.content, m.flags])).toEqual([
        [createdByAnn('Private, shared history'), ['read', 'historical']],
        ['<p>chapter 1</p>', ['read', 'historical']],
      ]);
    });

    // Zulip finds the channel unchecked and shows only the copies the caller holds.
    it('shows a non-subscriber nothing of a private channel, and refuses the sending', async () => {
      const page = await list(ben, {
        anchor: 'newest',
        num_before: '1',
        num_after: '0',
        narrow: narrow(['channel', 'vault']),
      });
      expect(page).toEqual({
        result: 'success',
        msg: '',
        messages: [],
        anchor: 10_000_000_000_000_000,
        found_anchor: false,
        found_oldest: true,
        found_newest: true,
        history_limited: false,
      });
      expect((await sendToVault(ben).expect(400)).body).toEqual(notAuthorizedForVault);
    });

    // Zulip's access_stream_for_send_message: administrators subscribe first; a bot sends where
    // its owner is subscribed.
    it('refuses an administrator who is not subscribed, and takes a bot whose owner is', async () => {
      expect((await sendToVault(owner).expect(400)).body).toEqual(notAuthorizedForVault);
      const bot = await as(ann).post('/bots', { full_name: 'Vault Bot', short_name: 'vault' }).expect(200);
      const botAccount = {
        userId: bot.body.user_id as number,
        email: `vault-bot@${new URL(system.gatewayUrl).hostname}`,
        apiKey: bot.body.api_key as string,
      };
      await sendToVault(botAccount).expect(200);
    });
  });
});
