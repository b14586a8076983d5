import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { ChatActions } from './chat-actions.js';
import { type ChatAccount, ChatTestSystem } from './chat-test-system.js';

// The eight-byte PNG signature and a little more: the server checks the declared type only.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const SOURCE_URL = /^\/user_avatars\/(\d+)\/emoji\/images\/[0-9a-f]{8}\.png$/;
const OK = { result: 'success', msg: '' };
const refusal = (msg: string) => ({ result: 'error', msg, code: 'BAD_REQUEST' });

describe('custom emoji through the gateway', () => {
  let system: ChatTestSystem;
  let chat: ChatActions;
  let uploadDir: string;
  let owner: ChatAccount;
  let ann: ChatAccount;
  let bob: ChatAccount;
  let guest: ChatAccount;
  let realmId: number;

  beforeAll(async () => {
    uploadDir = await mkdtemp(join(tmpdir(), 'chat-emoji-'));
    system = await ChatTestSystem.start(apiGatewayDefinition, {
      CHAT_RATE_LIMIT_REQUESTS: '1000',
      CHAT_UPLOAD_DIR: uploadDir,
    });
    chat = new ChatActions(system);
    const realm = await system.createRealm();
    owner = realm.owner;
    realmId = realm.realmId;
    ann = await system.createUser(owner, 'ann@example.com', 'Ann');
    bob = await system.createUser(owner, 'bob@example.com', 'Bob');
    guest = await system.createUser(owner, 'guest@example.com', 'Gus');
    await system.setRole(owner, guest, 600);
  });

  afterAll(async () => {
    await system.stop();
    await rm(uploadDir, { recursive: true, force: true });
  });

  const upload = (account: ChatAccount, name: string) =>
    system.http.post(`/api/v1/realm/emoji/${encodeURIComponent(name)}`).auth(account.email, account.apiKey);
  const uploadPng = (account: ChatAccount, name: string) =>
    upload(account, name).attach('f1', PNG, { filename: 'img.png', contentType: 'image/png' });
  const listed = async (account: ChatAccount) =>
    (await chat.as(account).get('/realm/emoji').expect(200)).body.emoji as Record<
      string,
      Record<string, unknown>
    >;

  it('adds, lists, serves and deactivates an emoji as Zulip 11 does, announcing the whole set', async () => {
    await chat
      .as(bob)
      .get('/realm/emoji')
      .expect(200, { ...OK, emoji: {} });
    // Who may add one: Zulip 11's default, role:members.
    const state = await chat.registeredState<Record<string, number>>(bob, ['realm']);
    const groups = (await chat.as(bob).get('/user_groups').expect(200)).body.user_groups as Array<{
      id: number;
      name: string;
    }>;
    expect(groups.find((group) => group.id === state['realm_can_add_custom_emoji_group'])?.name).toBe(
      'role:members',
    );
    const queue = await chat.registerQueue(bob, ['realm_emoji'], {});

    // A member may add one (the realm's default can_add_custom_emoji_group); spaces become underscores.
    await uploadPng(ann, ' green tick ').expect(200, OK);
    const emoji = await listed(bob);
    const [id] = Object.keys(emoji);
    const added = {
      id,
      name: 'green_tick',
      source_url: expect.stringMatching(SOURCE_URL),
      deactivated: false,
      author_id: ann.userId,
      still_url: null,
    };
    expect(emoji).toEqual({ [id!]: added });
    expect(Number(SOURCE_URL.exec(emoji[id!]!['source_url'] as string)![1])).toBe(realmId);

    // The image, without credentials, as <img> sources load it.
    const image = await system.http.get(emoji[id!]!['source_url'] as string).expect(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(Buffer.from(image.body as Buffer)).toEqual(PNG);

    await uploadPng(bob, 'green_tick').expect(400, refusal('A custom emoji with this name already exists.'));
    // Only an administrator or the emoji's author deactivates it.
    await chat
      .as(bob)
      .delete('/realm/emoji/green_tick')
      .expect(400, refusal('Must be an organization administrator or emoji author'));
    await chat.as(ann).delete('/realm/emoji/green_tick').expect(200, OK);

    const deactivated = { ...added, deactivated: true };
    expect(await listed(bob)).toEqual({ [id!]: deactivated });
    const registered = await chat.registeredState<{ realm_emoji: unknown }>(bob, ['realm_emoji']);
    expect(registered.realm_emoji).toEqual({ [id!]: deactivated });
    expect(await chat.queuedEvents(bob, queue.queue_id, 2)).toEqual([
      { type: 'realm_emoji', op: 'update', realm_emoji: { [id!]: added }, id: 0 },
      { type: 'realm_emoji', op: 'update', realm_emoji: { [id!]: deactivated }, id: 1 },
    ]);
    // Messages still show a deactivated emoji, so its image stays served.
    await system.http.get(emoji[id!]!['source_url'] as string).expect(200);

    // The name is free again; an administrator deactivates anyone's.
    await uploadPng(bob, 'green_tick').expect(200, OK);
    await chat.as(owner).delete('/realm/emoji/green_tick').expect(200, OK);
    await chat
      .as(owner)
      .delete('/realm/emoji/green_tick')
      .expect(404, refusal("Emoji 'green_tick' does not exist"));
  });

  it.each([
    [
      'Party',
      'Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.',
    ],
    [
      'my_em*oji',
      'Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.',
    ],
    ['party-', 'Emoji names must end with either a letter or digit.'],
    ['  ', 'Emoji name is missing'],
  ])('refuses the name %j in Zulip’s words', async (name, msg) => {
    await uploadPng(ann, name).expect(400, refusal(msg));
  });

  it('refuses guests, anything but one image, and files over 5 MiB', async () => {
    await uploadPng(guest, 'party').expect(400, refusal('Not allowed for guest users'));
    await upload(ann, 'party').expect(400, refusal('You must upload exactly one file.'));
    await uploadPng(ann, 'party')
      .attach('f2', PNG, { filename: 'b.png', contentType: 'image/png' })
      .expect(400, refusal('You must upload exactly one file.'));
    await upload(ann, 'party')
      .attach('f1', Buffer.from('hello'), { filename: 'a.txt', contentType: 'text/plain' })
      .expect(400, refusal('Invalid image format'));
    await upload(ann, 'party')
      .attach('f1', Buffer.alloc(5 * 1024 * 1024 + 1), { filename: 'big.png', contentType: 'image/png' })
      .expect(400, refusal('Uploaded file is larger than the allowed limit of 5 MiB'));
    expect(Object.values(await listed(ann)).map((emoji) => emoji['name'])).not.toContain('party');
  });

  it('types a file part that declares no type by its name, as python zulip sends it', async () => {
    const part = 'Content-Disposition: form-data; name="/tmp/parrot.png"; filename="parrot.png"\r\n\r\n';
    const body = Buffer.concat([Buffer.from(`--B\r\n${part}`), PNG, Buffer.from('\r\n--B--\r\n')]);
    await upload(ann, 'py-parrot')
      .set('Content-Type', 'multipart/form-data; boundary=B')
      .send(body)
      .expect(200, OK);
    const parrot = Object.values(await listed(ann)).find((emoji) => emoji['name'] === 'py-parrot')!;
    expect(parrot['source_url']).toMatch(SOURCE_URL);
  });

  it('serves only recorded emoji files of the realm in the URL', async () => {
    await uploadPng(ann, 'team-logo').expect(200, OK);
    const logo = Object.values(await listed(ann)).find((emoji) => emoji['name'] === 'team-logo')!;
    const url = logo['source_url'] as string;
    await system.http.get(url.replace(`/${realmId}/`, `/${realmId + 1}/`)).expect(404);
    await system.http.get(`/user_avatars/${realmId}/emoji/images/00000000.png`).expect(404);
  });
  it("renders the realm's active custom emoji in messages as Zulip's image, other names as text", async () => {
    await uploadPng(ann, 'party_parrot').expect(200, OK);
    const emoji = Object.values(await listed(ann)).find((entry) => entry['name'] === 'party_parrot')!;
    const image = `<img alt=":party_parrot:" class="emoji" src="${String(emoji['source_url'])}" title="party parrot">`;
    const rendered = async (content: string) =>
      (await chat.as(bob).post('/messages/render', { content }).expect(200)).body.rendered as string;
    expect(await rendered('so :party_parrot: much, not :unknown_one: nor `:party_parrot:`')).toBe(
      `<p>so ${image} much, not :unknown_one: nor <code>:party_parrot:</code></p>`,
    );
    expect(await rendered('at 10:party_parrot:30')).toBe(`<p>at 10${image}30</p>`);
    await chat.as(ann).delete('/realm/emoji/party_parrot').expect(200, OK);
    expect(await rendered(':party_parrot:')).toBe('<p>:party_parrot:</p>');
  });

  it('lets reactions use a custom emoji by name or id until it is deactivated', async () => {
    // Only an administrator may give a custom emoji a built-in emoji's name.
    await uploadPng(ann, 'octopus').expect(400, refusal('Only administrators can override built-in emoji.'));
    await uploadPng(owner, 'octopus').expect(200, OK);
    const id = Object.values(await listed(ann)).find((emoji) => emoji['name'] === 'octopus')!['id'] as string;
    const room = await chat.channel(owner, 'emoji room', [ann, bob]);
    const [first, second] = [
      await chat.toChannel(owner, room, 'fun'),
      await chat.toChannel(owner, room, 'fun'),
    ];
    const react = (who: ChatAccount, message: number, form: Record<string, string>) =>
      chat.as(who).post(`/messages/${message}/reactions`, form);
    const custom = (name: string) => ({ emoji_name: name, emoji_code: id, reaction_type: 'realm_emoji' });

    await react(owner, first, custom('squid')).expect(400, refusal('Invalid custom emoji name.'));
    // The realm's emoji wins over the built-in one of the same name.
    await react(ann, first, { emoji_name: 'octopus' }).expect(200, OK);
    await react(bob, first, custom('octopus')).expect(200, OK);
    const { reactions } = (await chat.as(ann).get(`/messages/${first}`).expect(200)).body.message;
    expect(reactions).toEqual([ann, bob].map((who) => ({ ...custom('octopus'), user_id: who.userId })));

    await chat.as(owner).delete('/realm/emoji/octopus').expect(200, OK);
    await react(owner, second, custom('octopus')).expect(
      400,
      refusal('This custom emoji has been deactivated.'),
    );
    // A vote for an existing reaction is taken unchecked, as Zulip does; the name is the built-in one again.
    await react(owner, first, custom('octopus')).expect(200, OK);
    await react(owner, second, { emoji_name: 'octopus' }).expect(200, OK);
    const built = (await chat.as(ann).get(`/messages/${second}`).expect(200)).body.message.reactions;
    expect(built).toEqual([
      expect.objectContaining({ emoji_name: 'octopus', reaction_type: 'unicode_emoji' }),
    ]);
  });
});
