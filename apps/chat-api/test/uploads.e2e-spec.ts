import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import request from 'supertest';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { expectEventually } from '@platform/test-support';
import { ThumbnailWorker } from '../src/uploads/thumbnails/thumbnail.worker.js';
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
  const NOT_FOUND = '<p>This file does not exist or has been deleted.</p>';
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

  it('previews no upload the server could not read as an image, whatever its name says', async () => {
    const url = await uploaded(ann, 'not really a png', 'photo.png', 'image/png');
    const messageId = await chat.direct(ann, [bob], `[photo.png](${url})`);
    const fetched = await chat.as(bob).get(`/messages/${messageId}`).expect(200);
    expect(fetched.body.message.content).toBe(`<p><a href="${url}">photo.png</a></p>`);
    expect((await download(bob, url).expect(200)).headers['content-disposition']).toBe(
      'inline; filename="photo.png"',
    );
    const missing = await download(
      bob,
      url.replace('/user_uploads/', '/user_uploads/thumbnail/') + '/840x560.webp',
    )
      .buffer(true)
      .expect(404);
    expect(missing.headers['content-type']).toBe('image/png');
  });

  it('thumbnails an uploaded image off the request path, shows it in messages and serves it as Zulip 11 does', async () => {
    const database = system.chatApi.app.get(DataSource);
    const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const url = (
      await upload(ann).attach('file', png, { filename: 'sunset.png', contentType: 'image/png' }).expect(200)
    ).body.url as string;
    const pathId = url.slice('/user_uploads/'.length);
    const imageRow = async () =>
      (
        (await database.query(
          `SELECT "original_width_px", "original_height_px", "frames", "content_type", "thumbnail_metadata"
           FROM "chat"."image_attachment" WHERE "path_id" = $1`,
          [pathId],
        )) as Array<Record<string, unknown>>
      )[0];
    // The worker makes the thumbnail after the upload's commit.
    expect(
      await expectEventually(async () => {
        const row = await imageRow();
        expect(row?.['thumbnail_metadata']).toHaveLength(1);
        return row;
      }),
    ).toEqual({
      original_width_px: 1200,
      original_height_px: 600,
      frames: 1,
      content_type: 'image/png',
      thumbnail_metadata: [
        {
          extension: 'webp',
          content_type: 'image/webp',
          max_width: 840,
          max_height: 560,
          animated: false,
          width: 840,
          height: 420,
          byte_size: expect.any(Number),
        },
      ],
    });

    // As if its worker had died mid-way: nothing recorded, the claim still held.
    await database.query(
      `UPDATE "chat"."image_attachment" SET "thumbnail_metadata" = '[]', "claimed_until" = now() + interval '1 hour'
        WHERE "path_id" = $1`,
      [pathId],
    );
    const metrics = await request(system.chatApi.app.getHttpServer()).get('/metrics').expect(200);
    expect(metrics.text).toMatch(/^chat_thumbnails_pending\{service="chat-api"\} 1$/m);
    const queue = await chat.registerQueue(bob, ['update_message'], {});
    const content = `[sunset.png](${url})`;
    const messageId = await chat.direct(ann, [bob], content);
    const rendered = async () =>
      (await chat.as(bob).get(`/messages/${messageId}`).expect(200)).body.message.content as string;
    const link = `<p><a href="${url}">sunset.png</a></p>\n`;
    const block = (image: string) =>
      `<div class="message_inline_image"><a href="${url}" title="sunset.png">${image}</a></div>`;
    expect(await rendered()).toBe(
      link +
        block(
          '<img class="image-loading-placeholder" data-original-dimensions="1200x600" src="/static/images/loading/loader-black.svg">',
        ),
    );

    // Once the claim lapses, a pass takes the image up again and rewrites the message.
    await database.query(
      `UPDATE "chat"."image_attachment" SET "claimed_until" = now() - interval '1 second' WHERE "path_id" = $1`,
      [pathId],
    );
    system.chatApi.app.get(ThumbnailWorker).wake();
    const thumbnailUrl = `/user_uploads/thumbnail/${pathId}/840x560.webp`;
    const thumbnailed =
      link +
      block(
        `<img data-original-content-type="image/png" data-original-dimensions="1200x600" src="${thumbnailUrl}">`,
      );
    const [event] = await chat.queuedEvents<Record<string, unknown>>(bob, queue.queue_id, 1);
    expect(event).toEqual({
      type: 'update_message',
      user_id: null,
      edit_timestamp: expect.any(Number),
      message_id: messageId,
      message_ids: [messageId],
      content,
      rendered_content: thumbnailed,
      rendering_only: true,
      flags: [],
      id: 0,
    });
    expect(await rendered()).toBe(thumbnailed);

    const served = await download(bob, thumbnailUrl).buffer(true).expect(200);
    expect([served.headers['content-type'], served.headers['content-disposition']]).toEqual([
      'image/webp',
      'inline; filename="840x560.webp"',
    ]);
    const { width, height, format } = await sharp(served.body as Buffer).metadata();
    expect({ width, height, format }).toEqual({ width: 840, height: 420, format: 'webp' });
    // The original's access rules: a user of another realm is refused, in Zulip's words.
    await download(outsider, thumbnailUrl).expect(403, FORBIDDEN);
    // A format the server does not make gets the closest one made; a name that is no format,
    // Zulip's 404 image.
    const closest = await download(bob, thumbnailUrl.replace('840x560.webp', '100x75.webp'))
      .buffer(true)
      .expect(200);
    expect(closest.body).toEqual(served.body);
    const notAFormat = await download(bob, thumbnailUrl.replace('840x560.webp', 'huge.webp'))
      .buffer(true)
      .expect(404);
    expect(notAFormat.headers['content-type']).toBe('image/png');
  });

  it('drops the preview of an image that turns out not to decode, in a rendering-only update', async () => {
    const database = system.chatApi.app.get(DataSource);
    const url = await uploaded(ann, 'GIF89a, then nothing', 'broken.gif', 'image/gif');
    const pathId = url.slice('/user_uploads/'.length);
    // Its header had read as an image (as a truncated file's does), and its claim is still held.
    await database.query(
      `INSERT INTO "chat"."image_attachment" ("realm_id", "path_id", "original_width_px", "original_height_px",
         "frames", "content_type", "thumbnail_metadata", "claimed_until")
       VALUES ($1, $2, 64, 48, 1, 'image/gif', '[]', now() + interval '1 hour')`,
      [realmId, pathId],
    );
    const queue = await chat.registerQueue(bob, ['update_message'], {});
    const messageId = await chat.direct(ann, [bob], `[broken](${url})`);
    const link = `<p><a href="${url}">broken</a></p>`;
    expect((await chat.as(bob).get(`/messages/${messageId}`).expect(200)).body.message.content).toBe(
      `${link}\n<div class="message_inline_image"><a href="${url}" title="broken">` +
        '<img class="image-loading-placeholder" data-original-dimensions="64x48" src="/static/images/loading/loader-black.svg"></a></div>',
    );

    await database.query(
      `UPDATE "chat"."image_attachment" SET "claimed_until" = now() - interval '1 second' WHERE "path_id" = $1`,
      [pathId],
    );
    system.chatApi.app.get(ThumbnailWorker).wake();
    const [event] = await chat.queuedEvents<Record<string, unknown>>(bob, queue.queue_id, 1);
    expect(event).toMatchObject({
      type: 'update_message',
      message_id: messageId,
      rendered_content: link,
      rendering_only: true,
    });
    expect((await chat.as(bob).get(`/messages/${messageId}`).expect(200)).body.message.content).toBe(link);
    expect(
      await database.query(`SELECT 1 FROM "chat"."image_attachment" WHERE "path_id" = $1`, [pathId]),
    ).toEqual([]);
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
    expect(state).toMatchObject({
      max_file_upload_size_mib: 1,
      realm_upload_quota_mib: 2,
      server_thumbnail_formats: [
        { name: '840x560-anim.webp', max_width: 840, max_height: 560, format: 'webp', animated: true },
        { name: '840x560.webp', max_width: 840, max_height: 560, format: 'webp', animated: false },
      ],
    });
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
