import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiGatewayDefinition } from '@apps/api-gateway';
import zulipInit, { type ZulipClient } from 'zulip-js';
import { ChatActions } from './chat-actions.js';
import { zulipJsQueue } from './zulip-js-queue.js';
import { type ChatAccount, ChatTestSystem } from './chat-test-system.js';

// Channel folders (Zulip 11's /channel_folders routes, `channel_folders` in POST /register, the
// `channel_folder` events) and a channel's folder, through zulip-js.
describe('channel folders through zulip-js', () => {
  let system: ChatTestSystem;
  let chat: ChatActions;
  let owner: ChatAccount;
  let admin: ChatAccount;
  let member: ChatAccount;
  let guest: ChatAccount;
  let stranger: ChatAccount;
  let clients: Map<ChatAccount, ZulipClient>;

  const client = (account: ChatAccount) => clients.get(account)!;
  const call = (account: ChatAccount, path: string, method: string, params: Record<string, unknown> = {}) =>
    client(account).callEndpoint(path, method, params);
  const create = (account: ChatAccount, name: string, description = '') =>
    call(account, '/channel_folders/create', 'POST', { name, description });
  const success = { result: 'success', msg: '' };
  const badRequest = (msg: string) => ({ result: 'error', msg, code: 'BAD_REQUEST' });
  const notAdministrator = {
    result: 'error',
    msg: 'Must be an organization administrator',
    code: 'UNAUTHORIZED_PRINCIPAL',
  };
  const folder = (id: number, name: string, fields: Record<string, unknown> = {}) => ({
    id,
    name,
    description: '',
    rendered_description: '',
    order: id,
    date_created: expect.any(Number),
    creator_id: admin.userId,
    is_archived: false,
    ...fields,
  });

  const queue = (account: ChatAccount, eventTypes: string[]) => zulipJsQueue(client(account), eventTypes);

  beforeAll(async () => {
    system = await ChatTestSystem.start(apiGatewayDefinition, { CHAT_RATE_LIMIT_REQUESTS: '1000' });
    chat = new ChatActions(system);
    owner = (await system.createRealm('Folders', 'cf-owner@example.com')).owner;
    admin = await system.createUser(owner, 'cf-admin@example.com', 'Ada Admin');
    await system.setRole(owner, admin, 200);
    member = await system.createUser(owner, 'cf-member@example.com', 'Mel Member');
    guest = await system.createUser(owner, 'cf-guest@example.com', 'Gus Guest');
    await system.setRole(owner, guest, 600);
    stranger = (await system.createRealm('Other folders', 'cf-other@example.com')).owner;
    clients = new Map();
    for (const account of [owner, admin, member, guest, stranger])
      clients.set(
        account,
        await zulipInit({ realm: system.gatewayUrl, username: account.email, apiKey: account.apiKey }),
      );
  });

  afterAll(() => system.stop());

  describe('channel folders', () => {
    let frontend: number;
    let backend: number;

    it('are created by administrators, announced to everyone and listed to everyone', async () => {
      expect(await create(member, 'Frontend')).toEqual(notAdministrator);
      expect(await create(guest, 'Frontend')).toEqual(notAdministrator);
      const guests = await queue(guest, ['channel_folder']);
      const created = await create(admin, 'Frontend', 'Channels for **frontend** work');
      expect(created).toEqual({ ...success, channel_folder_id: expect.any(Number) });
      frontend = created['channel_folder_id'] as number;
      const row = folder(frontend, 'Frontend', {
        description: 'Channels for **frontend** work',
        rendered_description: '<p>Channels for <strong>frontend</strong> work</p>',
      });
      expect(await guests.expect(1)).toEqual([
        { type: 'channel_folder', op: 'add', channel_folder: row, id: 0 },
      ]);
      backend = (await create(owner, 'Backend'))['channel_folder_id'] as number;
      for (const account of [member, guest])
        expect(await call(account, '/channel_folders', 'GET')).toEqual({
          ...success,
          channel_folders: [row, folder(backend, 'Backend', { creator_id: owner.userId })],
        });
      expect(await call(stranger, '/channel_folders', 'GET')).toEqual({ ...success, channel_folders: [] });
    });

    it("refuses names as Zulip's check_channel_folder_name does", async () => {
      expect(await call(admin, '/channel_folders/create', 'POST', { name: 'x' })).toEqual({
        result: 'error',
        msg: "Missing 'description' argument",
        code: 'REQUEST_VARIABLE_MISSING',
        var_name: 'description',
      });
      expect(await create(admin, '  ')).toEqual(badRequest("Channel folder name can't be empty."));
      expect(await create(admin, 'abc\u0000')).toEqual(
        badRequest('Invalid character in channel folder name, at position 4.'),
      );
      expect(await create(admin, 'fronTEND')).toEqual(badRequest('Channel folder name already in use'));
      expect(await create(admin, 'n'.repeat(101))).toEqual(
        badRequest('name is too long (limit: 100 characters)'),
      );
      expect(await create(admin, 'Long', 'd'.repeat(1025))).toEqual(
        badRequest('description is too long (limit: 1024 characters)'),
      );
    });

    it('are renamed, described and archived one change at a time, each announced', async () => {
      const path = `/channel_folders/${frontend}`;
      expect(await call(member, path, 'PATCH', { name: 'Web' })).toEqual(notAdministrator);
      expect(await call(admin, '/channel_folders/999999', 'PATCH', { name: 'Web' })).toEqual(
        badRequest('Invalid channel folder ID'),
      );
      const other = (await create(stranger, 'Theirs'))['channel_folder_id'] as number;
      expect(await call(admin, `/channel_folders/${other}`, 'PATCH', { name: 'Web' })).toEqual(
        badRequest('Invalid channel folder ID'),
      );
      expect(await call(admin, path, 'PATCH', { name: 'backend' })).toEqual(
        badRequest('Channel folder name already in use'),
      );
      expect(await call(admin, path, 'PATCH', { name: '' })).toEqual(
        badRequest("Channel folder name can't be empty."),
      );
      const members = await queue(member, ['channel_folder']);
      // Unchanged values change nothing and announce nothing.
      expect(await call(admin, path, 'PATCH', { name: 'Frontend', is_archived: false })).toEqual(success);
      expect(await call(owner, path, 'PATCH', { name: 'Web', description: '', is_archived: true })).toEqual(
        success,
      );
      const update = (data: Record<string, unknown>, id: number) => ({
        type: 'channel_folder',
        op: 'update',
        channel_folder_id: frontend,
        data,
        id,
      });
      expect(await members.expect(3)).toEqual([
        update({ name: 'Web' }, 0),
        update({ description: '', rendered_description: '' }, 1),
        update({ is_archived: true }, 2),
      ]);
      expect((await call(member, '/channel_folders', 'GET'))['channel_folders']).toEqual([
        folder(backend, 'Backend', { creator_id: owner.userId }),
      ]);
      expect(
        (await call(member, '/channel_folders', 'GET', { include_archived: true }))['channel_folders'],
      ).toEqual([
        folder(frontend, 'Web', { is_archived: true }),
        folder(backend, 'Backend', { creator_id: owner.userId }),
      ]);
      expect(await call(admin, path, 'PATCH', { is_archived: false })).toEqual(success);
    });

    it('are ordered by administrators, listing every folder of the realm, archived ones too', async () => {
      const archived = (await create(admin, 'Attic'))['channel_folder_id'] as number;
      await call(admin, `/channel_folders/${archived}`, 'PATCH', { is_archived: true });
      expect(
        await call(member, '/channel_folders', 'PATCH', {
          order: JSON.stringify([backend, frontend, archived]),
        }),
      ).toEqual(notAdministrator);
      expect(await call(admin, '/channel_folders', 'PATCH')).toEqual({
        result: 'error',
        msg: "Missing 'order' argument",
        code: 'REQUEST_VARIABLE_MISSING',
        var_name: 'order',
      });
      expect(
        await call(admin, '/channel_folders', 'PATCH', { order: JSON.stringify([backend, frontend]) }),
      ).toEqual(badRequest('Invalid order mapping.'));
      expect(await call(admin, '/channel_folders', 'PATCH', { order: '[1, "x"]' })).toEqual(
        badRequest('order[1] is not an integer'),
      );
      const members = await queue(member, ['channel_folder']);
      const order = [archived, backend, frontend];
      expect(await call(admin, '/channel_folders', 'PATCH', { order: JSON.stringify(order) })).toEqual(
        success,
      );
      expect(await members.expect(1)).toEqual([{ type: 'channel_folder', op: 'reorder', order, id: 0 }]);
      const registered = await client(guest).queues.register({
        fetch_event_types: JSON.stringify(['channel_folders', 'realm']),
      });
      expect(
        (registered['channel_folders'] as Array<{ id: number; order: number }>).map((f) => [f.id, f.order]),
      ).toEqual([
        [archived, 0],
        [backend, 1],
        [frontend, 2],
      ]);
      expect(registered).toMatchObject({
        max_channel_folder_name_length: 100,
        max_channel_folder_description_length: 1024,
      });
    });

    it('holds channels: created in a folder, and not archived while it holds one', async () => {
      expect(
        await client(member).users.me.subscriptions.add({
          subscriptions: JSON.stringify([{ name: 'foldered' }]),
          folder_id: 999999,
        }),
      ).toEqual(badRequest('Invalid channel folder ID'));
      expect(
        await client(member).users.me.subscriptions.add({
          subscriptions: JSON.stringify([{ name: 'foldered' }]),
          folder_id: backend,
        }),
      ).toMatchObject(success);
      const { streams } = (await client(member).streams.retrieve()) as unknown as {
        streams: Array<{ name: string; folder_id: number | null }>;
      };
      expect(streams.find((stream) => stream.name === 'foldered')?.folder_id).toBe(backend);
      expect(await call(admin, `/channel_folders/${backend}`, 'PATCH', { is_archived: true })).toEqual(
        badRequest('You need to remove all the channels from this folder to archive it.'),
      );
    });
  });

  describe('PATCH /streams/{stream_id}', () => {
    let town: number;
    let club: number;
    let theirs: number;
    const patch = (account: ChatAccount, id: number, params: Record<string, unknown>) =>
      call(account, `/streams/${id}`, 'PATCH', params);
    // The channel's newest message, raw, as its subscriber reads it.
    const newest = async (account: ChatAccount, id: number) => {
      const { messages } = (await client(account).messages.retrieve({
        anchor: 'newest',
        num_before: 1,
        num_after: 0,
        apply_markdown: false,
        narrow: [{ operator: 'channel', operand: id }],
      })) as unknown as { messages: Array<Record<string, unknown>> };
      return messages[0];
    };

    beforeAll(async () => {
      town = await chat.channel(admin, 'town-square', [member]);
      club = await chat.channel(member, 'club', [], { invite_only: 'true' });
      theirs = await chat.channel(stranger, 'their-square');
    });

    it('is for administrators and the channel creator, and hides what the caller cannot see', async () => {
      expect(await patch(member, town, { description: 'x' })).toEqual(
        badRequest('You do not have permission to administer this channel.'),
      );
      expect(await patch(guest, town, { description: 'x' })).toEqual(badRequest('Invalid channel ID'));
      for (const id of [theirs, 999999])
        expect(await patch(admin, id, { description: 'x' })).toEqual(badRequest('Invalid channel ID'));
      expect(await patch(member, club, { description: 'Members only' })).toEqual(success);
    });

    it('renames a channel, announcing it and posting the notice in the channel', async () => {
      expect(await patch(admin, town, { new_name: ' town-square ' })).toEqual(
        badRequest('Channel already has that name.'),
      );
      expect(await patch(admin, town, { new_name: 'CLUB' })).toEqual(
        badRequest('Channel name already in use.'),
      );
      expect(await patch(admin, town, { new_name: '  ' })).toEqual(
        badRequest("Channel name can't be empty."),
      );
      const members = await queue(member, ['stream']);
      expect(await patch(admin, town, { new_name: 'Town-Square' })).toEqual(success);
      expect(await patch(owner, town, { new_name: 'plaza' })).toEqual(success);
      expect(await members.expect(2)).toEqual([
        {
          op: 'update',
          type: 'stream',
          property: 'name',
          value: 'Town-Square',
          stream_id: town,
          name: 'town-square',
          id: 0,
        },
        {
          op: 'update',
          type: 'stream',
          property: 'name',
          value: 'plaza',
          stream_id: town,
          name: 'Town-Square',
          id: 1,
        },
      ]);
      expect(await newest(member, town)).toMatchObject({
        display_recipient: 'plaza',
        subject: 'channel events',
        content: `@_**Olivia Owner|${owner.userId}** renamed channel **Town-Square** to **plaza**.`,
      });
    });

    it('changes the description, newlines made spaces, with its rendering and a notice', async () => {
      const members = await queue(member, ['stream']);
      expect(await patch(admin, town, { description: 'The **main**\nsquare' })).toEqual(success);
      expect(await members.expect(1)).toEqual([
        {
          type: 'stream',
          op: 'update',
          property: 'description',
          name: 'plaza',
          stream_id: town,
          value: 'The **main** square',
          rendered_description: '<p>The <strong>main</strong> square</p>',
          id: 0,
        },
      ]);
      expect((await newest(member, town))?.['content']).toBe(
        `@_**Ada Admin|${admin.userId}** changed the description for this channel.\n\n` +
          '* **Old description:**\n```` quote\n*No description.*\n````\n' +
          '* **New description:**\n```` quote\nThe **main** square\n````',
      );
    });

    it("refuses privacy changes as Zulip's update_stream_backend does", async () => {
      expect(await patch(admin, town, { history_public_to_subscribers: false })).toEqual(
        badRequest('Invalid parameters'),
      );
      expect(await patch(admin, town, { is_web_public: true, is_private: true })).toEqual(
        badRequest('Invalid parameters'),
      );
      expect(await patch(admin, town, { is_web_public: true, history_public_to_subscribers: true })).toEqual(
        badRequest('Web-public channels are not enabled.'),
      );
      // An administrator sees a private channel but does not read it.
      expect(await patch(admin, club, { is_private: false })).toEqual(
        badRequest('Channel content access is required.'),
      );
      expect(await call(admin, '/default_streams', 'POST', { stream_id: town })).toEqual(success);
      expect(await patch(admin, town, { is_private: true })).toEqual(
        badRequest('A default channel cannot be private.'),
      );
      expect(await call(admin, '/default_streams', 'DELETE', { stream_id: town })).toEqual(success);
    });

    it('makes a private channel public: created for those who could not see it, updated for the others', async () => {
      const members = await queue(member, ['stream', 'subscription']);
      const guests = await queue(guest, ['stream', 'subscription']);
      const admins = await queue(admin, ['stream', 'subscription']);
      expect(await patch(member, club, { is_private: false })).toEqual(success);
      const update = {
        op: 'update',
        type: 'stream',
        property: 'invite_only',
        value: false,
        history_public_to_subscribers: true,
        is_web_public: false,
        stream_id: club,
        name: 'club',
        id: 0,
      };
      expect(await members.expect(1)).toEqual([update]);
      expect(await admins.expect(1)).toEqual([update]);
      const ownerQueue = await queue(owner, ['stream']);
      expect(await patch(member, club, { is_private: true, history_public_to_subscribers: true })).toEqual(
        success,
      );
      expect(await ownerQueue.expect(1)).toEqual([{ ...update, value: true, id: 0 }]);
      expect((await newest(member, club))?.['content']).toBe(
        `@_**Mel Member|${member.userId}** changed the [access permissions](/help/channel-permissions) ` +
          'for this channel from **Public** to **Private, shared history**.',
      );
      const backroom = await chat.channel(owner, 'backroom', [], { invite_only: 'true' });
      const memberSide = await queue(member, ['stream', 'subscription']);
      expect(await patch(owner, backroom, { is_private: false })).toEqual(success);
      const seen = await memberSide.expect(2);
      expect(seen[0]).toMatchObject({
        type: 'stream',
        op: 'create',
        streams: [expect.objectContaining({ stream_id: backroom, invite_only: false })],
      });
      expect(seen[1]).toEqual({
        type: 'subscription',
        op: 'peer_add',
        stream_ids: [backroom],
        user_ids: [owner.userId],
        id: 1,
      });
      expect(await guests.expect(0)).toEqual([]);
    });

    it('moves a channel into a folder and out of it', async () => {
      const folderId = (await create(admin, 'Squares'))['channel_folder_id'] as number;
      expect(await patch(admin, town, { folder_id: 999999 })).toEqual(
        badRequest('Invalid channel folder ID'),
      );
      expect(await patch(admin, town, { folder_id: 'x' })).toEqual(badRequest('folder_id is not valid JSON'));
      const members = await queue(member, ['stream']);
      expect(await patch(admin, town, { folder_id: folderId })).toEqual(success);
      const { stream } = (await client(member).callEndpoint(`/streams/${town}`, 'GET')) as unknown as {
        stream: { folder_id: number | null };
      };
      expect(stream.folder_id).toBe(folderId);
      expect(await patch(admin, town, { folder_id: 'null' })).toEqual(success);
      const event = { op: 'update', type: 'stream', property: 'folder_id', stream_id: town, name: 'plaza' };
      expect(await members.expect(2)).toEqual([
        { ...event, value: folderId, id: 0 },
        { ...event, value: null, id: 1 },
      ]);
    });

    it('lists the group settings it does not serve in ignored_parameters_unsupported', async () => {
      expect(
        await patch(admin, town, {
          description: 'Same',
          can_send_message_group: 1,
          is_default_stream: false,
          topics_policy: 'inherit',
        }),
      ).toEqual({
        ...success,
        ignored_parameters_unsupported: ['can_send_message_group', 'is_default_stream', 'topics_policy'],
      });
    });
  });
});
