import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { ChatActions } from './chat-actions.js';
import { type ChatAccount, ChatTestSystem } from './chat-test-system.js';

const MIB = 1024 * 1024;
const UPLOAD_URL = /^\/user_uploads\/(\d+)\/[0-9a-f]{2}\/[A-Za-z0-9_-]{24}\/([^/]+)$/;

describe('file uploads through the gateway', () => {
  let system: ChatTestSystem;
  let chat: ChatActions;
  let uploadDir: string;
  let owner: ChatAccount;
  let ann: ChatAccount;
  let realmId: number;
  let outsider: ChatAccount;
  let bob: ChatAccount;
  let guest: ChatAccount;

  beforeAll(async () => {
    uploadDir = await mkdtemp(join(tmpdir(), 'chat-uploads-'));
    // 1 MiB files and a 2 MiB realm quota keep the limits cheap to reach.
    system = await ChatTestSystem.start(apiGatewayDefinition, {
      CHAT_RATE_LIMIT_REQUESTS: '1000',
      CHAT_UPLOAD_DIR: uploadDir,
      CHAT_MAX_FILE_UPLOAD_SIZE_MIB: '1',
      CHAT_UPLOAD_QUOTA_MIB: '2',
    });
    chat = new ChatActions(system);
    const realm = await system.createRealm();
    owner = realm.owner;
    realmId = realm.realmId;
    ann = await system.createUser(owner, 'ann@example.com', 'Ann');
    bob = await system.createUser(owner, 'bob@example.com', 'Bob');
    guest = await system.createUser(owner, 'guest@example.com', 'Gus');
    await system.setRole(owner, guest, 600);
    outsider = (await system.createRealm('Other org', 'outsider@example.com')).owner;
  });

  afterAll(async () => {
    await system.stop();
    await rm(uploadDir, { recursive: true, force: true });
  });

  const upload = (account: ChatAccount) =>
    system.http.post('/api/v1/user_uploads').auth(account.email, account.apiKey);
  const uploaded = async (account: ChatAccount, data: string, name: string, type?: string) =>
    (
      await upload(account)
        .attach('file', Buffer.from(data), { filename: name, contentType: type })
        .expect(200)
    ).body.url as string;
  const download = (account: ChatAccount, url: string) =>
    system.http.get(url).auth(account.email, account.apiKey);
  const NOT_FOUND = '<p>File not found.</p>';
  const FORBIDDEN = '<p>You are not authorized to view this file.</p>';

  it('stores one file under a random path and answers its URL as Zulip 11 does', async () => {
    const queue = await chat.registerQueue(ann, ['attachment'], {});
    const answer = await upload(ann)
      .attach('file', Buffer.from('hello'), 'My report (final).txt')
      .expect(200);

    expect(answer.body).toEqual({
      result: 'success',
      msg: '',
      uri: expect.stringMatching(UPLOAD_URL),
      url: answer.body.uri,
      filename: 'My report (final).txt',
    });
    const [, pathRealm, storedName] = UPLOAD_URL.exec(answer.body.url as string) ?? [];
    expect([Number(pathRealm), storedName]).toEqual([realmId, 'My-report-final.txt']);
    const pathId = (answer.body.url as string).slice('/user_uploads/'.length);
    expect((await readFile(join(uploadDir, pathId))).toString()).toBe('hello');

    const [event] = await chat.queuedEvents<Record<string, unknown>>(ann, queue.queue_id, 1);
    expect(event).toEqual({
      type: 'attachment',
      op: 'add',
      attachment: {
        id: expect.any(Number),
        name: 'My report (final).txt',
        path_id: pathId,
        size: 5,
        create_time: expect.any(Number),
        messages: [],
      },
      upload_space_used: 5,
      id: 0,
    });
  });

  it('serves a file at the site root to its owner, inline or as an attachment as Zulip does', async () => {
    const text = await uploaded(ann, 'plain words', 'notes.txt');
    const answer = await download(ann, text).expect(200);
    expect(answer.text).toBe('plain words');
    expect(answer.headers).toMatchObject({
      'content-type': 'text/plain; charset=utf-8',
      'content-disposition': 'inline; filename="notes.txt"',
      'cache-control': 'private, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': expect.stringContaining("default-src 'none'"),
    });
    // HTML would run in the server's origin: it is only ever downloaded.
    const page = await uploaded(ann, '<script>alert(1)</script>', 'page.html', 'text/html');
    const served = await download(ann, page).expect(200);
    expect(served.headers['content-disposition']).toBe('attachment; filename="page.html"');
  });

  it('refuses other users a file no message links (403) and an unknown path (404), in HTML', async () => {
    const url = await uploaded(ann, 'secret', 'secret.txt');
    for (const stranger of [owner, outsider]) {
      const refused = await download(stranger, url).expect(403);
      expect([refused.headers['content-type'], refused.text]).toEqual([
        'text/html; charset=utf-8',
        FORBIDDEN,
      ]);
    }
    await download(ann, `/user_uploads/${realmId}/ab/AAAAAAAAAAAAAAAAAAAAAAAA/none.txt`).expect(
      404,
      NOT_FOUND,
    );
    await system.http.get(url).expect(401, {
      result: 'error',
      msg: 'Not logged in: API authentication or user session required',
      code: 'UNAUTHORIZED',
    });
  });

  it('hands out a temporary URL that serves the file without credentials', async () => {
    const url = await uploaded(ann, 'for the player', 'clip.txt');
    const answer = await download(ann, `/api/v1${url}`).expect(200);
    expect(answer.body).toEqual({
      result: 'success',
      msg: '',
      url: expect.stringMatching(/^\/user_uploads\/temporary\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\/clip\.txt$/),
    });
    const temporary = answer.body.url as string;
    expect((await system.http.get(temporary).expect(200)).text).toBe('for the player');
    await download(outsider, `/api/v1${url}`).expect(403, FORBIDDEN);
    await system.http
      .get(temporary.replace('/clip.txt', '/other.txt'))
      .expect(400, { result: 'error', msg: 'Invalid filename', code: 'BAD_REQUEST' });
    await system.http
      .get(temporary.replace(/\.[A-Za-z0-9_-]+\//, '.forged/'))
      .expect(400, { result: 'error', msg: 'Invalid token', code: 'BAD_REQUEST' });
  });

  it('lets the readers of a message that links a file download it, and tells the sender', async () => {
    const direct = await uploaded(ann, 'for bob', 'direct.txt');
    const queue = await chat.registerQueue(ann, ['attachment'], {});
    const messageId = await chat.direct(ann, [bob], `see [the file](${direct})`);
    expect((await download(bob, direct).expect(200)).text).toBe('for bob');
    await download(owner, direct).expect(403, FORBIDDEN);

    const [event] = await chat.queuedEvents<Record<string, unknown>>(ann, queue.queue_id, 1);
    expect(event).toMatchObject({
      type: 'attachment',
      op: 'update',
      attachment: { name: 'direct.txt', messages: [{ id: messageId, date_sent: expect.any(Number) }] },
      upload_space_used: expect.any(Number),
    });

    // Linked in a public channel, the file is the realm's: every member but guests may fetch it.
    const shared = await uploaded(ann, 'for everyone', 'shared.txt');
    const room = await chat.channel(ann, 'uploads-room', []);
    await chat.toChannel(ann, room, 'files', `[shared](${shared})`);
    await download(owner, shared).expect(200);
    await download(guest, shared).expect(403, FORBIDDEN);
    await download(outsider, shared).expect(403, FORBIDDEN);
  });

  it('follows edits: a link added by an edit shares the file, one edited away stops sharing it', async () => {
    const url = await uploaded(owner, 'edited in', 'later.txt');
    const messageId = await chat.direct(owner, [ann], 'the file follows');
    await download(ann, url).expect(403, FORBIDDEN);
    await chat
      .as(owner)
      .patch(`/messages/${messageId}`, { content: `here: [later](${url})` })
      .expect(200);
    expect((await download(ann, url).expect(200)).text).toBe('edited in');
    await chat.as(owner).patch(`/messages/${messageId}`, { content: 'never mind' }).expect(200);
    await download(ann, url).expect(403, FORBIDDEN);
  });

  it('renders a link to an uploaded image with Zulip’s inline preview', async () => {
    const url = await uploaded(ann, 'not really a png', 'photo.png', 'image/png');
    const messageId = await chat.direct(ann, [bob], `[photo.png](${url})`);
    const fetched = await chat.as(bob).get(`/messages/${messageId}`).expect(200);
    expect(fetched.body.message.content).toBe(
      `<p><a href="${url}">photo.png</a></p>\n` +
        `<div class="message_inline_image"><a href="${url}" title="photo.png"><img src="${url}"></a></div>`,
    );
    expect((await download(bob, url).expect(200)).headers['content-disposition']).toBe(
      'inline; filename="photo.png"',
    );
  });

  it('lists the caller’s attachments and lets only their owner delete one', async () => {
    const url = await uploaded(bob, 'short-lived', 'gone.txt');
    const messageId = await chat.direct(bob, [ann], `[gone](${url})`);
    const listed = await chat.as(bob).get('/attachments').expect(200);
    expect(listed.body).toEqual({
      result: 'success',
      msg: '',
      attachments: [
        {
          id: expect.any(Number),
          name: 'gone.txt',
          path_id: url.slice('/user_uploads/'.length),
          size: 11,
          create_time: expect.any(Number),
          messages: [{ id: messageId, date_sent: expect.any(Number) }],
        },
      ],
      upload_space_used: expect.any(Number),
    });
    const id = listed.body.attachments[0].id as number;

    await chat
      .as(ann)
      .delete(`/attachments/${id}`)
      .expect(400, { result: 'error', msg: 'Invalid attachment', code: 'BAD_REQUEST' });
    const queue = await chat.registerQueue(bob, ['attachment'], {});
    await chat.as(bob).delete(`/attachments/${id}`).expect(200, { result: 'success', msg: '' });
    const [event] = await chat.queuedEvents<Record<string, unknown>>(bob, queue.queue_id, 1);
    expect(event).toEqual({
      type: 'attachment',
      op: 'remove',
      attachment: { id },
      upload_space_used: listed.body.upload_space_used - 11,
      id: 0,
    });
    await download(ann, url).expect(404, NOT_FOUND);
    expect((await chat.as(bob).get('/attachments').expect(200)).body.attachments).toEqual([]);
  });

  it('gives register the upload bounds', async () => {
    const state = await chat.registeredState<Record<string, unknown>>(ann, ['realm']);
    expect(state).toMatchObject({ max_file_upload_size_mib: 1, realm_upload_quota_mib: 2 });
  });

  it('refuses no file, several files and a file over the limit in Zulip’s words', async () => {
    await upload(ann)
      .field('note', 'no file here')
      .expect(400, { result: 'error', msg: 'You must specify a file to upload', code: 'BAD_REQUEST' });
    await upload(ann)
      .attach('one', Buffer.from('a'), 'a.txt')
      .attach('two', Buffer.from('b'), 'b.txt')
      .expect(400, { result: 'error', msg: 'You may only upload one file at a time', code: 'BAD_REQUEST' });
    await upload(ann)
      .attach('file', Buffer.alloc(MIB + 1), 'big.bin')
      .expect(400, {
        result: 'error',
        msg: "File is larger than this server's configured maximum upload size (1 MiB).",
        code: 'BAD_REQUEST',
      });
  });

  it('refuses an upload that would take the realm past its quota, and accepts one that fills it', async () => {
    await upload(owner).attach('file', Buffer.alloc(MIB), 'first.bin').expect(200);
    const used = (await chat.as(owner).get('/attachments').expect(200)).body.upload_space_used as number;
    await upload(owner)
      .attach('file', Buffer.alloc(2 * MIB - used), 'fills-it.bin')
      .expect(200);
    await upload(ann).attach('file', Buffer.alloc(1), 'one-too-many.bin').expect(400, {
      result: 'error',
      msg: "Upload would exceed your organization's upload quota.",
      code: 'REALM_UPLOAD_QUOTA',
    });
  });
});
