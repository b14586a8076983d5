import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { expectEventually } from '@platform/test-support';
import { TEST_OPS_API_KEY } from '@platform/testing';
import { ChatActions } from './chat-actions.js';
import { type ChatAccount, type ChatRealm, ChatTestSystem } from './chat-test-system.js';
import sharp from 'sharp';
import { message, ZULIP_EXPORT, zulipExportArchive } from './zulip-export-fixture.js';
import { zulipImportGaps } from './realm-exports.zulip-import-requirements.js';
import { type ExportTables, normaliseExport } from './zulip-export-normalise.js';

const MAX_MESSAGES = 20;
const badRequest = (msg: string) => ({ result: 'error', msg, code: 'BAD_REQUEST' });

interface ExportRow {
  id: number;
  pending: boolean;
  export_url: string | null;
  deleted_timestamp: number | null;
  failed_timestamp: number | null;
}

// A 1×1 PNG, for a custom emoji.
const EMOJI_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
// A file uploaded to a message.
const REPORT = Buffer.from('quarterly numbers\n');

// A .tar.gz's files by name, read the way tar lays them out: 512-byte headers, padded data.

function untar(archive: Buffer): Map<string, Buffer> {
  const tar = gunzipSync(archive);
  const files = new Map<string, Buffer>();
  for (let offset = 0; offset + 512 <= tar.length;) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const name = header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    const size = parseInt(header.subarray(124, 136).toString('ascii').replace(/\0.*$/s, ''), 8);
    let sum = 0;
    header.forEach((byte, index) => (sum += index >= 148 && index < 156 ? 32 : byte));
    expect(parseInt(header.subarray(148, 156).toString('ascii'), 8)).toBe(sum);
    files.set(name, tar.subarray(offset + 512, offset + 512 + size));
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

describe('organization data exports through the gateway', () => {
  let system: ChatTestSystem;
  let chat: ChatActions;
  let exportDir: string;
  let uploadDir: string;
  let realm: ChatRealm;
  let owner: ChatAccount;
  let admin: ChatAccount;
  let consenting: ChatAccount;
  let refusing: ChatAccount;
  let stranger: ChatAccount;

  beforeAll(async () => {
    exportDir = await mkdtemp(join(tmpdir(), 'chat-exports-'));
    uploadDir = await mkdtemp(join(tmpdir(), 'chat-export-uploads-'));
    system = await ChatTestSystem.start(apiGatewayDefinition, {
      CHAT_RATE_LIMIT_REQUESTS: '1000',
      CHAT_EXPORT_DIR: exportDir,
      CHAT_UPLOAD_DIR: uploadDir,
      CHAT_EXPORT_MAX_MESSAGES: String(MAX_MESSAGES),
    });
    chat = new ChatActions(system);
    realm = await system.createRealm('Export org', 'export-owner@example.com');
    owner = realm.owner;
    admin = await system.createUser(owner, 'export-admin@example.com', 'Ada Admin');
    await system.setRole(owner, admin, 200);
    consenting = await system.createUser(owner, 'consenting@example.com', 'Carl Consenting');
    refusing = await system.createUser(owner, 'refusing@example.com', 'Rita Refusing');
    stranger = (await system.createRealm('Other export org', 'other-export-owner@example.com')).owner;
  });

  afterAll(async () => {
    await system.stop();
    await rm(exportDir, { recursive: true, force: true });
    await rm(uploadDir, { recursive: true, force: true });
  });

  const list = async (who: ChatAccount = owner) =>
    (await chat.as(who).get('/export/realm').expect(200)).body.exports as ExportRow[];
  const finished = (who: ChatAccount, id: number) =>
    expectEventually(async () => {
      const row = (await list(who)).find((candidate) => candidate.id === id)!;
      expect(row.pending).toBe(false);
      return row;
    });
  const download = (who: ChatAccount, id: number) =>
    system.http
      .get(`/api/v1/export/realm/${id}/download`)
      .auth(who.email, who.apiKey)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });

  it('is for administrators only', async () => {
    const refusal = {
      result: 'error',
      msg: 'Must be an organization administrator',
      code: 'UNAUTHORIZED_PRINCIPAL',
    };
    await chat.as(consenting).post('/export/realm').expect(400, refusal);
    await chat.as(consenting).get('/export/realm').expect(400, refusal);
    await chat.as(consenting).get('/export/realm/consents').expect(400, refusal);
    await chat.as(consenting).delete('/export/realm/1').expect(400, refusal);
  });

  it('validates export_type as Zulip does', async () => {
    await chat
      .as(owner)
      .post('/export/realm', { export_type: '3' })
      .expect(400, badRequest('Invalid export_type: Value error, Not in the list of possible values'));
    await chat
      .as(owner)
      .post('/export/realm', { export_type: '"2"' })
      .expect(400, badRequest('export_type is not an integer'));
    await chat
      .as(owner)
      .post('/export/realm', { export_type: 'two' })
      .expect(400, badRequest('export_type is not valid JSON'));
  });

  it('refuses a standard export until an owner consents, and lists and announces consents', async () => {
    await chat
      .as(admin)
      .post('/export/realm', { export_type: '2' })
      .expect(
        400,
        badRequest(
          'Make sure at least one Organization Owner is consenting to the export or contact zulip-admin@example.com for help.',
        ),
      );
    const everyone = [owner, admin, consenting, refusing];
    const before = await chat.as(admin).get('/export/realm/consents').expect(200);
    expect(before.body).toEqual({
      result: 'success',
      msg: '',
      export_consents: everyone.map((user) => ({ user_id: user.userId, consented: false })),
    });

    const adminQueue = await chat.registerQueue(admin, ['realm_export_consent'], {});
    const ownQueue = await chat.registerQueue(consenting, ['user_settings'], { user_settings_object: true });
    for (const user of [owner, consenting])
      await chat
        .as(user)
        .patch('/settings', { allow_private_data_export: 'true' })
        .expect(200, { result: 'success', msg: '' });
    // The same value again changes nothing and announces nothing.
    await chat.as(consenting).patch('/settings', { allow_private_data_export: 'true' }).expect(200);
    await chat
      .as(refusing)
      .patch('/settings', { allow_private_data_export: 'yes' })
      .expect(400, badRequest('allow_private_data_export is not valid JSON'));

    const consentEvents = await chat.queuedEvents(admin, adminQueue.queue_id, 2);
    expect(consentEvents).toEqual([
      { type: 'realm_export_consent', id: expect.any(Number), user_id: owner.userId, consented: true },
      { type: 'realm_export_consent', id: expect.any(Number), user_id: consenting.userId, consented: true },
    ]);
    expect(await chat.queuedEvents(consenting, ownQueue.queue_id, 1)).toEqual([
      {
        type: 'user_settings',
        id: expect.any(Number),
        op: 'update',
        property: 'allow_private_data_export',
        value: true,
      },
    ]);
    const state = await chat.registeredState<{ user_settings: Record<string, unknown> }>(consenting, [
      'user_settings',
    ]);
    expect(state.user_settings['allow_private_data_export']).toBe(true);
    const after = await chat.as(owner).get('/export/realm/consents').expect(200);
    expect(after.body.export_consents).toEqual(
      everyone.map((user) => ({ user_id: user.userId, consented: user === owner || user === consenting })),
    );
  });

  it('builds a standard export with public data and the private data of consenting users', async () => {
    const publicId = await chat.channel(owner, 'town square', [consenting, refusing]);
    const sharedPrivateId = await chat.channel(refusing, 'shared secret', [consenting], {
      invite_only: 'true',
    });
    const hiddenId = await chat.channel(refusing, 'hidden', [], { invite_only: 'true' });
    const publicMessage = await chat.toChannel(refusing, publicId, 'plans', 'public words');
    const sharedMessage = await chat.toChannel(refusing, sharedPrivateId, 'plans', 'shared words');
    const hiddenMessage = await chat.toChannel(refusing, hiddenId, 'plans', 'hidden words');
    const consentingDm = await chat.direct(refusing, [consenting], 'to a consenting user');
    const privateDm = await chat.direct(refusing, [admin], 'between refusing users');

    const queue = await chat.registerQueue(owner, ['realm_export'], {});
    const requested = await chat.as(owner).post('/export/realm', { export_type: '2' }).expect(200);
    expect(requested.body).toEqual({ result: 'success', msg: '', id: expect.any(Number) });
    const id = requested.body.id as number;
    const done = await finished(owner, id);
    const exportUrl = `${realm.url}/api/v1/export/realm/${id}/download`;
    expect(done).toEqual({
      id,
      export_time: expect.any(Number),
      acting_user_id: owner.userId,
      export_url: exportUrl,
      deleted_timestamp: null,
      failed_timestamp: null,
      pending: false,
      export_type: 2,
    });
    const events = await chat.queuedEvents<{ type: string; exports: ExportRow[] }>(owner, queue.queue_id, 2);
    expect(events.map((event) => event.exports.map((row) => [row.id, row.pending, row.export_url]))).toEqual([
      [[id, true, null]],
      [[id, false, exportUrl]],
    ]);

    const archive = await download(admin, id).expect(200).expect('Content-Type', 'application/gzip');
    const files = untar(archive.body as Buffer);
    const names = [...files.keys()];
    const directory = names[0]!.split('/')[0]!;
    expect(directory).toMatch(/^zulip-export-[0-9a-f]{8}$/);
    expect(names.map((name) => name.slice(directory.length + 1)).sort()).toEqual([
      'attachment.json',
      'avatars/records.json',
      'emoji/records.json',
      'messages-000001.json',
      'migration_status.json',
      'realm.json',
      'realm_icons/records.json',
      'uploads/records.json',
    ]);
    const json = (name: string) => JSON.parse(files.get(`${directory}/${name}`)!.toString('utf8'));
    const messages = json('messages-000001.json') as {
      zerver_message: Array<Record<string, unknown>>;
      zerver_usermessage: Array<Record<string, unknown>>;
    };
    const exportedIds = messages.zerver_message.map((message) => message['id']);
    expect(exportedIds).toEqual(expect.arrayContaining([publicMessage, sharedMessage, consentingDm]));
    expect(exportedIds).not.toContain(hiddenMessage);
    expect(exportedIds).not.toContain(privateDm);
    const realmTables = json('realm.json');
    const publicRow = messages.zerver_message.find((message) => message['id'] === publicMessage)!;
    expect(publicRow).toEqual({
      id: publicMessage,
      realm: realm.realmId,
      sender: refusing.userId,
      recipient: expect.any(Number),
      subject: 'plans',
      content: 'public words',
      rendered_content: '<p>public words</p>',
      rendered_content_version: 1,
      sending_client: expect.any(Number),
      date_sent: expect.any(Number),
      last_edit_time: null,
      edit_history: null,
      has_attachment: false,
      has_image: false,
      has_link: false,
      is_channel_message: true,
      type: 1,
    });
    const town = realmTables.zerver_stream.find((stream: { name: string }) => stream.name === 'town square');
    expect(town).toMatchObject({
      id: publicId,
      realm: realm.realmId,
      invite_only: false,
      recipient: publicRow['recipient'],
    });
    expect(realmTables.zerver_recipient).toContainEqual({
      id: publicRow['recipient'],
      type: 2,
      type_id: publicId,
    });
    expect(realmTables.zerver_client).toContainEqual({
      id: publicRow['sending_client'],
      name: expect.any(String),
    });
    expect(realmTables.zerver_realm).toEqual([
      expect.objectContaining({ id: realm.realmId, name: 'Export org' }),
    ]);
    const users = realmTables.zerver_userprofile as Array<Record<string, unknown>>;
    expect(users.map((user) => [user['id'], user['allow_private_data_export']])).toEqual(
      [owner, admin, consenting, refusing].map((user) => [
        user.userId,
        user === owner || user === consenting,
      ]),
    );
    expect(users[2]).toMatchObject({
      email: consenting.email,
      full_name: 'Carl Consenting',
      role: 400,
      is_bot: false,
    });
    expect(users[0]).not.toHaveProperty('api_key');
    // Only the consenting users' copies of the messages.
    const copies = messages.zerver_usermessage.map((copy) => copy['user_profile']);
    expect(new Set(copies)).toEqual(new Set([owner.userId, consenting.userId]));
    expect(messages.zerver_usermessage).toContainEqual({
      id: expect.any(Number),
      user_profile: consenting.userId,
      message: sharedMessage,
      flags_mask: expect.any(Number),
    });
  });

  it('tells the requester through the Notification Bot', async () => {
    const registered = await chat
      .as(admin)
      .post('/register', { event_types: '["message"]', apply_markdown: 'false' })
      .expect(200);
    const { body } = await chat.as(admin).post('/export/realm').expect(200);
    await finished(admin, body.id as number);
    const [event] = await chat.queuedEvents<{ message: Record<string, unknown> }>(
      admin,
      registered.body.queue_id,
      1,
    );
    expect(event!.message).toMatchObject({
      sender_email: 'notification-bot@zulip.com',
      type: 'private',
      content:
        'Your data export is complete. [View and download exports](/#organization/data-exports-admin).',
      display_recipient: [
        expect.objectContaining({ email: 'notification-bot@zulip.com' }),
        expect.objectContaining({ id: admin.userId }),
      ],
    });
  });

  it('serves an archive only to its own realm, and deletes it with Zulip’s refusals', async () => {
    const [first] = await list();
    const notFound = { result: 'error', msg: 'Not Found', code: 'BAD_REQUEST' };
    expect(JSON.parse(String((await download(stranger, first!.id).expect(404)).body))).toEqual(notFound);
    // A member of the realm finds no archive either (not the administrator refusal).
    expect(JSON.parse(String((await download(consenting, first!.id).expect(404)).body))).toEqual(notFound);
    await chat
      .as(stranger)
      .delete(`/export/realm/${first!.id}`)
      .expect(400, badRequest('Invalid data export ID'));
    await chat.as(owner).delete('/export/realm/999999').expect(400, badRequest('Invalid data export ID'));

    await chat.as(owner).delete(`/export/realm/${first!.id}`).expect(200, { result: 'success', msg: '' });
    await chat
      .as(owner)
      .delete(`/export/realm/${first!.id}`)
      .expect(400, badRequest('Export already deleted'));
    await download(owner, first!.id).expect(404);
    const deleted = (await list()).find((row) => row.id === first!.id)!;
    expect(deleted).toMatchObject({
      export_url: null,
      pending: false,
      deleted_timestamp: expect.any(Number),
    });

    const database = system.chatApi.app.get(DataSource);
    const insert = (status: number) =>
      database
        .query(
          `INSERT INTO "chat"."realm_export" ("realm_id", "acting_user_id", "type", "status", "date_requested", "date_failed", "claimed_until")
           VALUES ($1, $2, 1, $3, now() - interval '30 days', now(), now() + interval '1 hour') RETURNING "id"`,
          [realm.realmId, owner.userId, status],
        )
        .then((rows: Array<{ id: number }>) => rows[0]!.id);
    const failed = await insert(4);
    const inProgress = await insert(2);
    await chat
      .as(owner)
      .delete(`/export/realm/${failed}`)
      .expect(400, badRequest('Export failed, nothing to delete'));
    await chat
      .as(owner)
      .delete(`/export/realm/${inProgress}`)
      .expect(400, badRequest('Export still in progress'));
    await database.query(`DELETE FROM "chat"."realm_export" WHERE "id" = $1`, [inProgress]);
  });

  it('allows 5 exports a week and refuses realms over the size limit', async () => {
    const small = await system.createRealm('Busy export org', 'busy-export-owner@example.com');
    for (let i = 0; i < 5; i++) await chat.as(small.owner).post('/export/realm').expect(200);
    await chat.as(small.owner).post('/export/realm').expect(400, badRequest('Exceeded rate limit.'));

    const big = (await system.createRealm('Big export org', 'big-export-owner@example.com')).owner;
    const channel = await chat.channel(big, 'chatter');
    for (let i = 0; i <= MAX_MESSAGES; i++) await chat.toChannel(big, channel, 'noise', `message ${i}`);
    await chat
      .as(big)
      .post('/export/realm')
      .expect(400, badRequest('Please request a manual export from zulip-admin@example.com.'));
  });

  it('lets the operator list and delete a realm’s exports, and counts them on /metrics', async () => {
    const ops = (method: 'get' | 'delete', path: string) =>
      system.http[method](`/ops/chat/realms/${realm.realmId}/exports${path}`).set(
        'X-OPS-API-KEY',
        TEST_OPS_API_KEY,
      );
    const listed = await ops('get', '').expect(200);
    expect(listed.body.exports).toEqual(await list());
    const succeeded = (listed.body.exports as ExportRow[]).find((row) => row.export_url !== null)!;
    await ops('delete', `/${succeeded.id}`).expect(200);
    expect((await list()).find((row) => row.id === succeeded.id)!.deleted_timestamp).toEqual(
      expect.any(Number),
    );
    await system.http
      .get('/ops/chat/realms/999999/exports')
      .set('X-OPS-API-KEY', TEST_OPS_API_KEY)
      .expect(404);

    const metrics = await request(system.chatApi.app.getHttpServer()).get('/metrics').expect(200);
    expect(metrics.text).toMatch(/chat_realm_exports\{state="deleted",service="chat-api"\} 2/);
    expect(metrics.text).toMatch(/chat_realm_exports\{state="failed",service="chat-api"\} 1/);
  });

  it('exports every feature table in Zulip’s layout, private settings of consenting users only', async () => {
    const ok = { result: 'success', msg: '' };
    const lobby = await chat.channel(owner, 'export lobby', [consenting, refusing]);
    const message = await chat.toChannel(consenting, lobby, 'greetings', 'hello all');
    await chat.as(consenting).post(`/messages/${message}/reactions`, { emoji_name: 'octopus' }).expect(200);
    await chat
      .as(owner)
      .post('/user_groups/create', {
        name: 'exporters',
        description: 'they export',
        members: `[${consenting.userId}]`,
      })
      .expect(200);
    await chat
      .as(owner)
      .post('/default_streams', { stream_id: String(lobby) })
      .expect(200);
    const field = await chat
      .as(owner)
      .post('/realm/profile_fields', { name: 'Team', field_type: '1' })
      .expect(200);
    await chat
      .as(consenting)
      .patch('/users/me/profile_data', { data: JSON.stringify([{ id: field.body.id, value: 'Exports' }]) })
      .expect(200, ok);
    await chat
      .as(owner)
      .post('/channel_folders/create', { name: 'Archive', description: 'Old channels' })
      .expect(200);
    for (const who of [consenting, refusing]) {
      await chat.as(who).post(`/users/me/muted_users/${admin.userId}`).expect(200, ok);
      await chat
        .as(who)
        .post('/user_topics', { stream_id: String(lobby), topic: 'greetings', visibility_policy: '3' })
        .expect(200, ok);
      await chat.as(who).post('/users/me/alert_words', { alert_words: '["deadline"]' }).expect(200);
      await chat.as(who).post('/saved_snippets', { title: 'Hi', content: 'Hello there' }).expect(200);
      await chat
        .as(who)
        .post('/scheduled_messages', {
          type: 'stream',
          to: String(lobby),
          topic: 'later',
          content: 'see you',
          scheduled_delivery_timestamp: String(Math.floor(Date.now() / 1000) + 3600),
        })
        .expect(200);
    }
    // To the conversation the consenting user already has with the refusing one.
    await chat
      .as(consenting)
      .post('/scheduled_messages', {
        type: 'direct',
        to: JSON.stringify([refusing.userId]),
        content: 'see you soon',
        scheduled_delivery_timestamp: String(Math.floor(Date.now() / 1000) + 3600),
      })
      .expect(200);

    const exported = async (exportType: string) => {
      const { body } = await chat.as(owner).post('/export/realm', { export_type: exportType }).expect(200);
      await finished(owner, body.id as number);
      const files = untar((await download(owner, body.id as number).expect(200)).body as Buffer);
      return (suffix: string) =>
        JSON.parse([...files].find(([name]) => name.endsWith(`/${suffix}`))![1].toString('utf8'));
    };
    const json = await exported('2');
    const tables = json('realm.json') as Record<string, Array<Record<string, unknown>>>;
    const only = (table: string, where: (row: Record<string, unknown>) => boolean) =>
      tables[table]!.filter(where);

    expect(tables['zerver_realm']![0]).toMatchObject({ id: realm.realmId, string_id: expect.any(String) });
    expect(only('zerver_reaction', (row) => row['message'] === message)).toEqual([
      {
        id: expect.any(Number),
        user_profile: consenting.userId,
        message,
        emoji_name: 'octopus',
        emoji_code: '1f419',
        reaction_type: 'unicode_emoji',
      },
    ]);
    const [group] = only('zerver_namedusergroup', (row) => row['name'] === 'exporters');
    expect(group).toMatchObject({
      realm_for_sharding: realm.realmId,
      description: 'they export',
      creator: owner.userId,
      is_system_group: false,
      deactivated: false,
      date_created: expect.any(Number),
      can_manage_group: expect.any(Number),
    });
    expect(tables['zerver_usergroup']).toContainEqual({ id: group!['usergroup_ptr'], realm: realm.realmId });
    expect(tables['zerver_usergroupmembership']).toContainEqual({
      id: expect.any(Number),
      user_group: group!['usergroup_ptr'],
      user_profile: consenting.userId,
    });
    // System groups nest: owners inside administrators, and so on.
    expect(tables['zerver_groupgroupmembership']!.length).toBeGreaterThan(0);
    expect(tables['zerver_defaultstream']).toEqual([{ id: 1, realm: realm.realmId, stream: lobby }]);
    expect(tables['zerver_customprofilefield']).toEqual([
      expect.objectContaining({ id: field.body.id, realm: realm.realmId, name: 'Team', field_type: 1 }),
    ]);
    expect(tables['zerver_customprofilefieldvalue']).toEqual([
      expect.objectContaining({ user_profile: consenting.userId, field: field.body.id, value: 'Exports' }),
    ]);
    expect(tables['zerver_channelfolder']).toEqual([
      expect.objectContaining({
        realm: realm.realmId,
        name: 'Archive',
        creator: owner.userId,
        is_archived: false,
      }),
    ]);
    expect(tables['zerver_muteduser']).toEqual([
      { id: 1, user_profile: consenting.userId, muted_user: admin.userId, date_muted: expect.any(Number) },
    ]);
    expect(tables['zerver_usertopic']).toEqual([
      {
        id: expect.any(Number),
        user_profile: consenting.userId,
        stream: lobby,
        recipient: expect.any(Number),
        topic_name: 'greetings',
        last_updated: expect.any(Number),
        visibility_policy: 3,
      },
    ]);
    expect(tables['zerver_alertword']).toEqual([
      { id: expect.any(Number), user_profile: consenting.userId, realm: realm.realmId, word: 'deadline' },
    ]);
    expect(tables['zerver_savedsnippet']).toEqual([
      expect.objectContaining({ user_profile: consenting.userId, title: 'Hi', content: 'Hello there' }),
    ]);
    const [scheduled, scheduledDirect] = tables['zerver_scheduledmessage']!;
    expect(tables['zerver_scheduledmessage']).toHaveLength(2);
    expect(scheduled).toMatchObject({
      sender: consenting.userId,
      stream: lobby,
      subject: 'later',
      content: 'see you',
      delivered: false,
      delivery_type: 1,
    });
    expect(tables['zerver_client']).toContainEqual({
      id: scheduled!['sending_client'],
      name: expect.any(String),
    });
    expect(scheduledDirect).toMatchObject({ sender: consenting.userId, stream: null, subject: '' });
    expect(tables['zerver_huddle']).toContainEqual(
      expect.objectContaining({ recipient: scheduledDirect!['recipient'], group_size: 2 }),
    );
    expect(json('migration_status.json')).toEqual({
      zulip_version: '11.0',
      migrations_by_app: { chat_api: expect.arrayContaining([expect.stringMatching(/^\[X\] \w+/)]) },
    });

    // A public export holds nobody's private settings.
    const publicTables = (await exported('1'))('realm.json') as typeof tables;
    for (const table of [
      'zerver_muteduser',
      'zerver_usertopic',
      'zerver_scheduledmessage',
      'zerver_alertword',
      'zerver_savedsnippet',
    ])
      expect([table, publicTables[table]]).toEqual([table, []]);
    expect(publicTables['zerver_reaction']).toEqual(tables['zerver_reaction']);
    expect(publicTables['zerver_namedusergroup']).toEqual(tables['zerver_namedusergroup']);
  });

  it('imports an export as a new realm whose own export holds the same tables (ids remapped)', async () => {
    const ops = (path: string) =>
      system.http.post(`/ops/chat/realm-imports${path}`).set('X-OPS-API-KEY', TEST_OPS_API_KEY);
    const exportOf = async (who: ChatAccount) => {
      const { body } = await chat.as(who).post('/export/realm', { export_type: '2' }).expect(200);
      await finished(who, body.id as number);
      return (await download(who, body.id as number).expect(200)).body as Buffer;
    };
    const tablesOf = (archive: Buffer): ExportTables => {
      const files = [...untar(archive)].sort(([a], [b]) => a.localeCompare(b));
      const json = (name: string) =>
        JSON.parse(files.find(([path]) => path.endsWith(`/${name}`))![1].toString('utf8'));
      const messages = files.filter(([path]) => /\/messages-\d+\.json$/.test(path));
      const content = messages.map(([, data]) => JSON.parse(data.toString('utf8')) as ExportTables);
      // realm.json's tables, without the import_source Zulip reads beside them.
      const { import_source: _, ...realmTables } = json('realm.json') as ExportTables;
      return {
        ...realmTables,
        ...json('attachment.json'),
        zerver_message: content.flatMap((file) => file['zerver_message']!),
        zerver_usermessage: content.flatMap((file) => file['zerver_usermessage']!),
      };
    };

    // A custom emoji, whose image travels in emoji/ (Zulip's records.json and the file).
    await system.http
      .post('/api/v1/realm/emoji/export_parrot')
      .auth(owner.email, owner.apiKey)
      .attach('f1', EMOJI_PNG, { filename: 'parrot.png', contentType: 'image/png' })
      .expect(200);
    // A message linking an uploaded file: the file travels in uploads/ with Zulip's records.
    const filesId = await chat.channel(owner, 'files', [consenting]);
    const fileUrl = (
      await system.http
        .post('/api/v1/user_uploads')
        .auth(consenting.email, consenting.apiKey)
        .attach('file', REPORT, { filename: 'report.txt', contentType: 'text/plain' })
        .expect(200)
    ).body.url as string;
    const fileMessage = await chat.toChannel(consenting, filesId, 'reports', `[report](${fileUrl})`);
    // An outgoing-webhook bot, whose service travels as Zulip's zerver_service.
    await chat
      .as(owner)
      .post('/bots', {
        full_name: 'Export Hook',
        short_name: 'export-hook',
        bot_type: '3',
        payload_url: JSON.stringify('https://hooks.example.com/export'),
      })
      .expect(200);
    const original = await exportOf(owner);
    const originalEntry = (name: string) =>
      [...untar(original)].find(([path]) => path.endsWith(`/${name}`))?.[1];
    // Every file, table and field Zulip 11's import reads without checking is there.
    const inArchive = new Map(
      [...untar(original)].map(([path, data]) => [path.replace(/^[^/]+\//, ''), data]),
    );
    expect(zulipImportGaps(inArchive)).toEqual([]);
    inArchive.delete('migration_status.json');
    expect(zulipImportGaps(inArchive)).toEqual(['no migration_status.json']);
    const oldPath = fileUrl.slice('/user_uploads/'.length);
    expect(JSON.parse(originalEntry('attachment.json')!.toString('utf8'))).toEqual({
      zerver_attachment: [
        {
          id: expect.any(Number),
          owner: consenting.userId,
          file_name: 'report.txt',
          path_id: oldPath,
          realm: realm.realmId,
          create_time: expect.any(Number),
          size: REPORT.length,
          content_type: 'text/plain',
          is_realm_public: true,
          is_web_public: false,
          messages: [fileMessage],
          scheduled_messages: [],
        },
      ],
      zerver_imageattachment: [],
    });
    expect(JSON.parse(originalEntry('uploads/records.json')!.toString('utf8'))).toEqual([
      {
        realm_id: realm.realmId,
        user_profile_id: consenting.userId,
        user_profile_email: consenting.email,
        s3_path: oldPath,
        path: oldPath,
        size: REPORT.length,
        content_type: 'text/plain',
        last_modified: expect.any(Number),
      },
    ]);
    expect(originalEntry(`uploads/${oldPath}`)).toEqual(REPORT);
    const emojiFiles = [...untar(original).keys()].filter((name) => name.includes('/emoji/'));
    expect(
      emojiFiles.map((name) => name.replace(/^[^/]+\/emoji\/\d+\/emoji\/images\/[0-9a-f]+/, '…')),
    ).toEqual(expect.arrayContaining(['….png', '….png.original']));
    const imported = await ops('?host=imported.example.com')
      .set('Content-Type', 'application/gzip')
      .send(original)
      .expect(201);
    const before = tablesOf(original);
    expect(imported.body).toEqual({
      realmId: expect.any(Number),
      stringId: 'imported',
      url: 'https://imported.example.com',
      users: before['zerver_userprofile']!.length,
      messages: before['zerver_message']!.length,
    });
    // The same string_id again is refused, and nothing is written.
    await ops('?host=imported.other.example')
      .set('Content-Type', 'application/gzip')
      .send(original)
      .expect(409, { message: "A realm with string_id 'imported' already exists" });

    await ops('?host=-bad-')
      .set('Content-Type', 'application/gzip')
      .send(original)
      .expect(400, { message: 'host must be a host name' });
    await ops('?host=garbled.example.com')
      .set('Content-Type', 'application/gzip')
      .send(Buffer.from('not an archive'))
      .expect(400, { message: 'The archive is not a .tar.gz (incorrect header check)' });

    const realmId = imported.body.realmId as number;
    const { body: key } = await system.http
      .post(`/ops/chat/realms/${realmId}/users/${encodeURIComponent(owner.email)}/api-key`)
      .set('X-OPS-API-KEY', TEST_OPS_API_KEY)
      .expect(200);
    const importedOwner = { ...owner, userId: key.userId as number, apiKey: key.apiKey as string };
    const after = tablesOf(await exportOf(importedOwner));

    expect(after['zerver_realm']![0]).toMatchObject({ id: realmId, string_id: 'imported' });
    // Zulip's import reads all 24 of Realm's group settings; each names one of the realm's groups.
    const groupSettings = Object.entries(before['zerver_realm']![0]!).filter(([field]) =>
      /_groups?$/.test(field),
    );
    expect(groupSettings).toHaveLength(24);
    expect(groupSettings.every(([, value]) => typeof value === 'number')).toBe(true);
    // Each system bot names a personal recipient for Zulip's import, one no exported recipient has.
    const recipientIds = new Set(before['zerver_recipient']!.map((recipient) => recipient['id']));
    for (const bot of before['zerver_userprofile_crossrealm']!)
      expect(recipientIds.has(bot['recipient_id'])).toBe(false);
    expect(before['zerver_userprofile_crossrealm']![0]).toEqual({
      id: expect.any(Number),
      email: expect.any(String),
      recipient_id: expect.any(Number),
    });
    // Each channel names a group of the realm for all 11 of Zulip's channel group settings.
    const groupIds = new Set(before['zerver_usergroup']!.map((group) => group['id']));
    for (const stream of before['zerver_stream']!)
      expect(
        Object.entries(stream).filter(([field]) => /_group$/.test(field) && groupIds.has(stream[field])),
      ).toHaveLength(11);
    // Each user has a personal recipient, subscribed to by that user only.
    const personal = before['zerver_recipient']!.filter((recipient) => recipient['type'] === 1);
    expect(personal.map((recipient) => recipient['type_id']).sort()).toEqual(
      before['zerver_userprofile']!.map((user) => user['id']).sort(),
    );
    for (const recipient of personal)
      expect(
        before['zerver_subscription']!.filter((row) => row['recipient'] === recipient['id']).map(
          (row) => row['user_profile'],
        ),
      ).toEqual([recipient['type_id']]);
    // Zulip's import rewrites upload links only in messages marked as having an attachment.
    expect(before['zerver_message']!.find((message) => message['id'] === fileMessage)).toMatchObject({
      has_attachment: true,
      has_link: true,
    });
    expect(after['zerver_message']!.map((message) => message['id'])).not.toEqual(
      before['zerver_message']!.map((message) => message['id']),
    );
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    // Every feature has rows to compare, and every reference was resolved.
    for (const table of [
      'zerver_message',
      'zerver_usermessage',
      'zerver_reaction',
      'zerver_huddle',
      'zerver_namedusergroup',
      'zerver_groupgroupmembership',
      'zerver_customprofilefieldvalue',
      'zerver_channelfolder',
      'zerver_defaultstream',
      'zerver_muteduser',
      'zerver_usertopic',
      'zerver_scheduledmessage',
      'zerver_alertword',
      'zerver_savedsnippet',
      'zerver_realmemoji',
      'zerver_attachment',
      'zerver_service',
    ])
      expect([table, before[table]!.length > 0]).toEqual([table, true]);
    expect(before['zerver_service']).toEqual([
      {
        id: expect.any(Number),
        user_profile: expect.any(Number),
        name: expect.any(String),
        base_url: 'https://hooks.example.com/export',
        interface: 1,
        token: '',
      },
    ]);
    const [emoji] = after['zerver_realmemoji']!;
    const image = await system.http
      .get(`/user_avatars/${realmId}/emoji/images/${String(emoji!['file_name'])}`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(image.body).toEqual(EMOJI_PNG);
    // The imported member downloads the file through the message's rewritten link, and lists it
    // as an attachment of that message.
    const { body: memberKey } = await system.http
      .post(`/ops/chat/realms/${realmId}/users/${encodeURIComponent(consenting.email)}/api-key`)
      .set('X-OPS-API-KEY', TEST_OPS_API_KEY)
      .expect(200);
    const importedMember = {
      ...consenting,
      userId: memberKey.userId as number,
      apiKey: memberKey.apiKey as string,
    };
    const narrow = encodeURIComponent(
      JSON.stringify([
        { operator: 'channel', operand: 'files' },
        { operator: 'topic', operand: 'reports' },
      ]),
    );
    const messagesOf = async (markdown: boolean) =>
      (
        await chat
          .as(importedMember)
          .get(`/messages?anchor=newest&num_before=5&num_after=0&narrow=${narrow}&apply_markdown=${markdown}`)
          .expect(200)
      ).body.messages as Array<{ id: number; content: string }>;
    const [linking] = await messagesOf(false);
    const rewritten = new RegExp(
      `^\\[report\\]\\((/user_uploads/${realmId}/[0-9a-f]{2}/[\\w-]{24}/report\\.txt)\\)$`,
    );
    expect(linking!.content).toMatch(rewritten);
    const newUrl = rewritten.exec(linking!.content)![1]!;
    expect((await messagesOf(true))[0]!.content).toContain(`href="${newUrl}"`);
    const downloaded = await system.http
      .get(newUrl)
      .auth(importedMember.email, importedMember.apiKey)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(downloaded.body).toEqual(REPORT);
    const { body: listed } = await chat.as(importedMember).get('/attachments').expect(200);
    expect(listed.attachments).toEqual([
      {
        id: expect.any(Number),
        name: 'report.txt',
        path_id: newUrl.slice('/user_uploads/'.length),
        size: REPORT.length,
        create_time: expect.any(Number),
        messages: [{ id: linking!.id, date_sent: expect.any(Number) }],
      },
    ]);
    const [normalisedBefore, normalisedAfter] = [normaliseExport(before), normaliseExport(after)];
    expect(JSON.stringify(normalisedBefore)).not.toMatch(/missing \w+ \d+/);
    for (const table of Object.keys(before))
      expect([table, normalisedAfter[table]]).toEqual([table, normalisedBefore[table]]);
  });

  it('imports a Zulip export: 1:1 messages, group conversations, mirror dummies, system bots', async () => {
    const imported = await system.http
      .post('/ops/chat/realm-imports?host=zulipco.example.net')
      .set('X-OPS-API-KEY', TEST_OPS_API_KEY)
      .set('Content-Type', 'application/gzip')
      .send(await zulipExportArchive())
      .expect(201);
    expect(imported.body).toEqual({
      realmId: expect.any(Number),
      stringId: 'zulipco',
      url: 'https://zulipco.example.net',
      users: 3,
      messages: 3,
    });
    const { body: key } = await system.http
      .post(`/ops/chat/realms/${imported.body.realmId}/users/hamlet@zulipco.example/api-key`)
      .set('X-OPS-API-KEY', TEST_OPS_API_KEY)
      .expect(200);
    const hamlet = {
      userId: key.userId as number,
      email: 'hamlet@zulipco.example',
      apiKey: key.apiKey as string,
    };
    const { body } = await chat
      .as(hamlet)
      .get('/messages?anchor=newest&num_before=10&num_after=0&apply_markdown=false')
      .expect(200);
    const recipients = (message: Record<string, unknown>) =>
      Array.isArray(message['display_recipient'])
        ? (message['display_recipient'] as Array<{ email: string }>).map((user) => user.email).sort()
        : message['display_recipient'];
    expect(
      (body.messages as Array<Record<string, unknown>>).map((message) => ({
        content: message['content'],
        sender: message['sender_email'],
        to: recipients(message),
        topic: message['subject'],
        read: (message['flags'] as string[]).includes('read'),
        reactions: (message['reactions'] as Array<{ emoji_name: string; user_id: number }>).map(
          (reaction) => [reaction.emoji_name, reaction.user_id],
        ),
      })),
    ).toEqual([
      {
        content: 'hi all',
        sender: 'iago@zulipco.example',
        to: 'general',
        topic: 'greetings',
        read: false,
        reactions: [['octopus', hamlet.userId]],
      },
      {
        content: 'psst',
        sender: 'iago@zulipco.example',
        to: ['hamlet@zulipco.example', 'iago@zulipco.example'],
        topic: '',
        read: true,
        reactions: [],
      },
      {
        content: 'group hi',
        sender: 'former@zulipco.example',
        to: ['former@zulipco.example', 'hamlet@zulipco.example', 'iago@zulipco.example'],
        topic: '',
        read: false,
        reactions: [],
      },
    ]);
  });

  it('thumbnails the images of a Zulip export anew, as its exports carry no image rows', async () => {
    const chart = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const oldPath = '7/ab/ChartChartChartChartChar/chart.png';
    const files: Record<string, unknown> = structuredClone(ZULIP_EXPORT);
    files['messages-000003.json'] = {
      zerver_message: [
        { ...message(1004, 10, 30, 'charts', `[chart.png](/user_uploads/${oldPath})`), has_attachment: true },
      ],
      zerver_usermessage: [{ id: 5, user_profile: 11, message: 1004, flags_mask: 0 }],
    };
    files['attachment.json'] = {
      zerver_attachment: [
        {
          id: 60,
          owner: 10,
          realm: 7,
          file_name: 'chart.png',
          path_id: oldPath,
          create_time: 1700000100,
          size: chart.length,
          content_type: 'image/png',
          is_realm_public: true,
          is_web_public: false,
          messages: [1004],
          scheduled_messages: [],
        },
      ],
    };
    files['uploads/records.json'] = [{ path: oldPath, s3_path: oldPath, content_type: 'image/png' }];
    files[`uploads/${oldPath}`] = chart;
    const imported = await system.http
      .post('/ops/chat/realm-imports?host=zulipimages.example.net')
      .set('X-OPS-API-KEY', TEST_OPS_API_KEY)
      .set('Content-Type', 'application/gzip')
      .send(await zulipExportArchive(files))
      .expect(201);
    const { body: key } = await system.http
      .post(`/ops/chat/realms/${imported.body.realmId}/users/hamlet@zulipco.example/api-key`)
      .set('X-OPS-API-KEY', TEST_OPS_API_KEY)
      .expect(200);
    const { body } = await system.http
      .get('/api/v1/messages?anchor=newest&num_before=1&num_after=0&apply_markdown=false')
      .auth('hamlet@zulipco.example', key.apiKey as string)
      .expect(200);
    const linked = /\(\/user_uploads\/([^)]+)\)/.exec(body.messages[0].content as string)![1]!;
    expect(linked).toMatch(new RegExp(`^${imported.body.realmId}/[0-9a-f]{2}/[\\w-]{24}/chart\\.png$`));
    const thumbnail = await system.http
      .get(`/user_uploads/thumbnail/${linked}/840x560.webp`)
      .auth('hamlet@zulipco.example', key.apiKey as string)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200)
      .expect('Content-Type', 'image/webp');
    expect(await sharp(thumbnail.body as Buffer).metadata()).toMatchObject({ width: 840, height: 420 });
  });

  it('refuses an archive whose rows this server cannot store, writing nothing', async () => {
    const files = structuredClone(ZULIP_EXPORT);
    files['realm.json'].zerver_stream[0]!.name = 'x'.repeat(61);
    await system.http
      .post('/ops/chat/realm-imports?host=toolong.example.net')
      .set('X-OPS-API-KEY', TEST_OPS_API_KEY)
      .set('Content-Type', 'application/gzip')
      .send(await zulipExportArchive(files))
      .expect(400, {
        message:
          'The archive holds rows this server cannot store (value too long for type character varying(60))',
      });
    const database = system.chatApi.app.get(DataSource);
    expect(await database.query(`SELECT 1 FROM "chat"."realm" WHERE "host" = 'toolong.example.net'`)).toEqual(
      [],
    );
  });

  it.each([
    ['realm.json', 5, 'realm.json is not an object of tables'],
    ['realm.json', 'zerver_stream', 'realm.json: zerver_stream is not a list of rows'],
    ['attachment.json', [1, 2], 'attachment.json is not an object of tables'],
    ['attachment.json', 'zerver_attachment', 'attachment.json: zerver_attachment is not a list of rows'],
    ['messages-000001.json', 'zerver_message', 'messages-000001.json: zerver_message is not a list of rows'],
  ])('refuses an archive whose %s has the wrong shape (%j)', async (file, broken, message) => {
    const files: Record<string, unknown> = structuredClone(ZULIP_EXPORT);
    // A number or list where the file's tables belong, or a table that is not a list of rows.
    files[file] =
      typeof broken === 'string' ? { ...(files[file] as object | undefined), [broken]: [1, 'two'] } : broken;
    await system.http
      .post('/ops/chat/realm-imports?host=misshapen.example.net')
      .set('X-OPS-API-KEY', TEST_OPS_API_KEY)
      .set('Content-Type', 'application/gzip')
      .send(await zulipExportArchive(files))
      .expect(400, { message });
  });
});
