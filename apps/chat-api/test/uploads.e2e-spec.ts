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
  });

  afterAll(async () => {
    await system.stop();
    await rm(uploadDir, { recursive: true, force: true });
  });

  const upload = (account: ChatAccount) =>
    system.http.post('/api/v1/user_uploads').auth(account.email, account.apiKey);

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

  it('refuses an upload that would take the realm past its quota', async () => {
    await upload(owner).attach('file', Buffer.alloc(MIB), 'first.bin').expect(200);
    await upload(owner)
      .attach('file', Buffer.alloc(MIB - 100), 'second.bin')
      .expect(200);
    await upload(ann).attach('file', Buffer.alloc(200), 'third.bin').expect(400, {
      result: 'error',
      msg: "Upload would exceed your organization's upload quota.",
      code: 'REALM_UPLOAD_QUOTA',
    });
  });
});
