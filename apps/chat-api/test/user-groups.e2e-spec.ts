import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { expectEventually } from '@platform/test-support';
import { DataSource } from 'typeorm';
import zulipInit, { type ZulipClient } from 'zulip-js';
import { UserGroupsBackfill1795702980998 } from '../src/user-groups/migrations/1795702980998-user-groups-backfill.js';
import { ChatActions } from './chat-actions.js';
import { type ChatAccount, ChatTestSystem } from './chat-test-system.js';

const SYSTEM_GROUPS = [
  'role:nobody',
  'role:owners',
  'role:administrators',
  'role:moderators',
  'role:fullmembers',
  'role:members',
  'role:everyone',
  'role:internet',
];

type Group = Record<string, unknown> & { id: number; name: string };

describe('user groups through the gateway', () => {
  let system: ChatTestSystem;
  let chat: ChatActions;
  let owner: ChatAccount;
  let admin: ChatAccount;
  let alice: ChatAccount;
  let bob: ChatAccount;
  let carol: ChatAccount;
  let guest: ChatAccount;
  let stranger: ChatAccount;
  let client: ZulipClient;
  let systemGroups: Map<string, number>;

  const as = (account: ChatAccount) => chat.as(account);
  const get = (account: ChatAccount, path: string, query: Record<string, string> = {}) =>
    system.http.get(`/api/v1${path}`).query(query).auth(account.email, account.apiKey);
  const error = (msg: string, code = 'BAD_REQUEST') => ({ result: 'error', msg, code });
  const refuses = async (
    request: PromiseLike<{ status: number; body: unknown }>,
    msg: string,
    code = 'BAD_REQUEST',
  ) => {
    const response = await request;
    expect({ status: response.status, body: response.body }).toEqual({ status: 400, body: error(msg, code) });
  };
  const create = (account: ChatAccount, form: Record<string, string>) =>
    as(account).post('/user_groups/create', { description: '', members: '[]', ...form });
  const createGroup = async (account: ChatAccount, form: Record<string, string>) =>
    (await create(account, form).expect(200)).body.group_id as number;
  const groups = async (account: ChatAccount = owner, query: Record<string, string> = {}) =>
    (await get(account, '/user_groups', query).expect(200)).body.user_groups as Group[];
  const group = async (id: number) =>
    (await groups(owner, { include_deactivated_groups: 'true' })).find((g) => g.id === id)!;
  const members = async (id: number, query: Record<string, string> = {}) =>
    (await get(owner, `/user_groups/${id}/members`, query).expect(200)).body.members as number[];

  const lastMessage = async (account: ChatAccount) =>
    (
      await get(account, '/messages', {
        anchor: 'newest',
        num_before: '1',
        num_after: '0',
        apply_markdown: 'false',
      }).expect(200)
    ).body.messages[0] as Record<string, unknown>;

  // A queue registered for user_group events, read without blocking.
  const queue = async (account: ChatAccount) => {
    const registered = await as(account).post('/register', { event_types: '["user_group"]' }).expect(200);
    const queueId = registered.body.queue_id as string;
    return {
      events: (count: number) =>
        expectEventually(async () => {
          const response = await get(account, '/events', {
            queue_id: queueId,
            last_event_id: '-1',
            dont_block: 'true',
          }).expect(200);
          const events = (response.body.events as Array<Record<string, unknown>>).filter(
            (event) => event['type'] !== 'heartbeat',
          );
          expect(events).toHaveLength(count);
          return events.map(({ id: _id, ...event }) => event);
        }),
    };
  };

  beforeAll(async () => {
    system = await ChatTestSystem.start(apiGatewayDefinition, { CHAT_RATE_LIMIT_REQUESTS: '5000' });
    chat = new ChatActions(system);
    owner = (await system.createRealm()).owner;
    admin = await system.createUser(owner, 'admin@example.com', 'Ada Admin');
    await system.setRole(owner, admin, 200);
    alice = await system.createUser(owner, 'alice@example.com', 'Alice Member');
    bob = await system.createUser(owner, 'bob@example.com', 'Bob Member');
    carol = await system.createUser(owner, 'carol@example.com', 'Carol Member');
    guest = await system.createUser(owner, 'guest@example.com', 'Gus Guest');
    await system.setRole(owner, guest, 600);
    stranger = (await system.createRealm('Other org', 'other@example.com')).owner;
    client = await zulipInit({ realm: system.gatewayUrl, username: alice.email, apiKey: alice.apiKey });
    systemGroups = new Map((await groups()).map((g) => [g.name, g.id]));
  });

  afterAll(() => system.stop());

  it('gives every realm its system groups, nested and following roles', async () => {
    const listed = await groups();
    expect(listed.map((g) => g.name)).toEqual(SYSTEM_GROUPS);
    const nobody = systemGroups.get('role:nobody')!;
    const id = (name: string) => systemGroups.get(name)!;
    const byName = new Map(listed.map((g) => [g.name, g]));
    expect(byName.get('role:owners')).toEqual({
      id: id('role:owners'),
      name: 'role:owners',
      creator_id: null,
      date_created: null,
      description: 'Owners of this organization',
      members: [owner.userId],
      direct_subgroup_ids: [],
      is_system_group: true,
      can_add_members_group: nobody,
      can_join_group: nobody,
      can_leave_group: nobody,
      can_manage_group: nobody,
      can_mention_group: nobody,
      can_remove_members_group: nobody,
      deactivated: false,
    });
    expect(byName.get('role:administrators')).toMatchObject({
      members: [admin.userId],
      direct_subgroup_ids: [id('role:owners')],
    });
    expect(byName.get('role:everyone')).toMatchObject({
      members: [guest.userId],
      direct_subgroup_ids: [id('role:members')],
    });
    expect(byName.get('role:internet')).toMatchObject({
      members: [],
      direct_subgroup_ids: [id('role:everyone')],
    });
    expect(byName.get('role:nobody')).toMatchObject({ members: [], direct_subgroup_ids: [] });
    // Members (the Notification Bot too) are direct members of role:members and role:fullmembers.
    const memberIds = byName.get('role:members')!['members'] as number[];
    expect(memberIds).toEqual(expect.arrayContaining([alice.userId, bob.userId, carol.userId]));
    expect(byName.get('role:fullmembers')!['members']).toEqual(memberIds);
    // Recursively, role:members holds everyone but the guest.
    const everyMember = await members(id('role:members'));
    expect(everyMember).toEqual(expect.arrayContaining([owner.userId, admin.userId, ...memberIds]));
    expect(everyMember).not.toContain(guest.userId);
    expect(await members(id('role:members'), { direct_member_only: 'true' })).toEqual(memberIds);
    expect(
      (await get(owner, `/user_groups/${id('role:everyone')}/subgroups`).expect(200)).body.subgroups,
    ).toEqual(
      ['role:owners', 'role:administrators', 'role:moderators', 'role:fullmembers', 'role:members'].map(id),
    );
    // Another realm has groups of its own, and cannot reach these.
    const theirs = await groups(stranger);
    expect(theirs.map((g) => g.name)).toEqual(SYSTEM_GROUPS);
    expect(theirs.some((g) => systemGroups.has(g.name) && g.id === id(g.name))).toBe(false);
    await refuses(get(stranger, `/user_groups/${id('role:owners')}/members`), 'Invalid user group');
  });

  it('lists the groups and the realm settings that govern them in POST /register', async () => {
    const state = (
      await as(bob).post('/register', { fetch_event_types: '["realm_user_groups", "realm"]' }).expect(200)
    ).body;
    expect(state.realm_user_groups).toEqual(await groups());
    expect(state.realm_can_create_groups).toBe(systemGroups.get('role:members'));
    expect(state.realm_can_manage_all_groups).toBe(systemGroups.get('role:owners'));
  });

  it('creates a group through zulip-js, announced to the realm', async () => {
    const bobs = await queue(bob);
    const created = await client.callEndpoint('/user_groups/create', 'POST', {
      name: 'support',
      description: 'Front line',
      members: [bob.userId, alice.userId],
    });
    expect(created).toEqual({ result: 'success', msg: '', group_id: expect.any(Number) });
    const id = created['group_id'] as number;
    const creatorOnly = { direct_members: [alice.userId], direct_subgroups: [] };
    const expected = {
      name: 'support',
      creator_id: alice.userId,
      date_created: expect.any(Number),
      members: [bob.userId, alice.userId],
      description: 'Front line',
      id,
      is_system_group: false,
      direct_subgroup_ids: [],
      can_add_members_group: creatorOnly,
      can_join_group: systemGroups.get('role:nobody'),
      can_leave_group: systemGroups.get('role:everyone'),
      can_manage_group: creatorOnly,
      can_mention_group: systemGroups.get('role:everyone'),
      can_remove_members_group: systemGroups.get('role:nobody'),
      deactivated: false,
    };
    expect(await bobs.events(1)).toEqual([
      { type: 'user_group', op: 'add', group: expected, for_reactivation: false },
    ]);
    expect(await group(id)).toEqual({
      ...expected,
      id,
      name: 'support',
      creator_id: alice.userId,
      members: [alice.userId, bob.userId].sort((a, b) => a - b),
    });
    const listed = await client.callEndpoint('/user_groups', 'GET');
    expect((listed['user_groups'] as Group[]).map((g) => g.name)).toContain('support');
  });

  it('refuses what Zulip refuses on creation, in its order', async () => {
    await refuses(create(guest, { name: 'g' }), 'Not allowed for guest users');
    expect((await as(alice).post('/user_groups/create', { name: 'x' }).expect(400)).body).toEqual({
      ...error("Missing 'description' argument", 'REQUEST_VARIABLE_MISSING'),
      var_name: 'description',
    });
    await refuses(create(alice, { name: 'x', members: '[99999]' }), 'Invalid user ID: 99999');
    await refuses(
      create(alice, { name: 'x', members: `[${stranger.userId}]` }),
      `Invalid user ID: ${stranger.userId}`,
    );
    await refuses(create(alice, { name: ' ' }), "User group name can't be empty!");
    await refuses(create(alice, { name: 'y'.repeat(101) }), 'User group name cannot exceed 100 characters.');
    await refuses(create(alice, { name: 'role:x' }), "User group name cannot start with 'role:'.");
    await refuses(create(alice, { name: '@x' }), "User group name cannot start with '@'.");
    await refuses(create(alice, { name: 'support' }), "User group 'support' already exists.");
    await refuses(
      create(alice, { name: 'x', can_manage_group: String(systemGroups.get('role:everyone')) }),
      "'can_manage_group' setting cannot be set to 'role:everyone' group.",
    );
    await refuses(
      create(alice, { name: 'x', can_join_group: String(systemGroups.get('role:internet')) }),
      "'can_join_group' setting cannot be set to 'role:internet' group.",
    );
    await refuses(
      create(alice, { name: 'x', can_mention_group: String(systemGroups.get('role:owners')) }),
      "'can_mention_group' setting cannot be set to 'role:owners' group.",
    );
    await refuses(
      create(alice, { name: 'x', can_mention_group: String((await groups(stranger))[0]!.id) }),
      'Invalid user group',
    );
    await refuses(
      create(alice, { name: 'x', can_mention_group: '{"direct_members":[99999],"direct_subgroups":[]}' }),
      'Invalid user ID: 99999',
    );
    await refuses(
      create(alice, {
        name: 'x',
        can_mention_group: `{"direct_members":[${bob.userId}],"direct_subgroups":[99999]}`,
      }),
      'Invalid user group ID: 99999',
    );
    await refuses(
      create(alice, { name: 'x', can_mention_group: '"everyone"' }),
      'can_mention_group["int"] is not an integer',
    );
    await refuses(create(alice, { name: 'x', subgroups: '[99999]' }), 'Invalid user group ID: 99999');
    // Nothing of the refused requests was kept.
    expect((await groups()).map((g) => g.name)).not.toContain('x');
  });

  it('takes group-setting values in both forms', async () => {
    const support = (await groups()).find((g) => g.name === 'support')!.id;
    const id = await createGroup(alice, {
      name: 'settings',
      can_join_group: `{"direct_members":[${bob.userId}],"direct_subgroups":[${support}]}`,
      // A lone subgroup is that group; nobody at all is role:nobody.
      can_leave_group: `{"direct_members":[],"direct_subgroups":[${support}]}`,
      can_mention_group: '{"direct_members":[],"direct_subgroups":[]}',
      subgroups: `[${support}]`,
    });
    expect(await group(id)).toMatchObject({
      can_join_group: { direct_members: [bob.userId], direct_subgroups: [support] },
      can_leave_group: support,
      can_mention_group: systemGroups.get('role:nobody'),
      direct_subgroup_ids: [support],
    });
    expect((await get(owner, `/user_groups/${id}/members`).expect(200)).body.members).toEqual(
      [alice.userId, bob.userId].sort((a, b) => a - b),
    );
  });

  it('edits a group within can_manage_group, with Zulip’s refusals', async () => {
    const id = await createGroup(alice, { name: 'editable', members: `[${alice.userId}]` });
    const path = `/user_groups/${id}`;
    await refuses(as(alice).patch(path), 'No new data supplied');
    await refuses(as(bob).patch(path, { name: 'mine' }), 'Insufficient permission');
    await refuses(as(guest).patch(path, { name: 'mine' }), 'Not allowed for guest users');
    await refuses(
      as(owner).patch(`/user_groups/${systemGroups.get('role:members')}`, { name: 'x' }),
      'Insufficient permission',
    );
    await refuses(as(stranger).patch(path, { name: 'x' }), 'Invalid user group');
    await refuses(as(alice).patch('/user_groups/99999', { name: 'x' }), 'Invalid user group');
    await refuses(as(alice).patch(path, { name: 'support' }), "User group 'support' already exists.");

    const bobs = await queue(bob);
    await as(alice)
      .patch(path, { name: 'edited', description: 'New words' })
      .expect(200, { result: 'success', msg: '' });
    const everyone = systemGroups.get('role:everyone')!;
    await as(alice)
      .patch(path, {
        can_mention_group: JSON.stringify({ new: systemGroups.get('role:members'), old: everyone }),
      })
      .expect(200);
    await refuses(
      as(alice).patch(path, { can_mention_group: JSON.stringify({ new: everyone, old: everyone }) }),
      "'old' value does not match the expected value.",
      'EXPECTATION_MISMATCH',
    );
    // Owners manage every group (can_manage_all_groups); the creator may hand management over.
    await as(owner)
      .patch(path, {
        can_manage_group: JSON.stringify({ new: { direct_members: [bob.userId], direct_subgroups: [] } }),
      })
      .expect(200);
    expect(await bobs.events(4)).toEqual([
      { type: 'user_group', op: 'update', group_id: id, data: { name: 'edited' } },
      { type: 'user_group', op: 'update', group_id: id, data: { description: 'New words' } },
      {
        type: 'user_group',
        op: 'update',
        group_id: id,
        data: { can_mention_group: systemGroups.get('role:members') },
      },
      {
        type: 'user_group',
        op: 'update',
        group_id: id,
        data: { can_manage_group: { direct_members: [bob.userId], direct_subgroups: [] } },
      },
    ]);
    await as(bob).patch(path, { description: 'Bob manages now' }).expect(200);
    await refuses(as(alice).patch(path, { description: 'no longer' }), 'Insufficient permission');
    await refuses(
      as(admin).patch(path, { can_manage_group: JSON.stringify({ new: everyone }) }),
      'Insufficient permission',
    );
    await refuses(
      as(owner).patch(path, { can_manage_group: JSON.stringify({ new: everyone }) }),
      "'can_manage_group' setting cannot be set to 'role:everyone' group.",
    );
  });

  it('enforces membership permissions, recursively through subgroups', async () => {
    const team = await createGroup(alice, { name: 'team', members: `[${alice.userId}]` });
    const joiners = await createGroup(alice, { name: 'joiners', members: `[${carol.userId}]` });
    const club = await createGroup(alice, {
      name: 'club',
      can_join_group: String(team),
      can_leave_group: String(systemGroups.get('role:nobody')),
      can_remove_members_group: String(joiners),
    });
    const path = `/user_groups/${club}/members`;
    await refuses(
      as(bob).post(path),
      'Nothing to do. Specify at least one of "add", "delete", "add_subgroups" or "delete_subgroups".',
    );
    await refuses(as(bob).post(path, { add: `[${bob.userId}]` }), 'Insufficient permission');
    // joiners becomes a subgroup of team: carol, a member of joiners, may now join club.
    await as(alice)
      .post(`/user_groups/${team}/subgroups`, { add: `[${joiners}]` })
      .expect(200);
    await as(carol)
      .post(path, { add: `[${carol.userId}]` })
      .expect(200);
    await refuses(
      as(carol).post(path, { add: `[${carol.userId}]` }),
      `User ${carol.userId} is already a member of this group`,
    );
    // Joining is for oneself: adding someone else needs can_add_members_group.
    await refuses(as(carol).post(path, { add: `[${bob.userId}]` }), 'Insufficient permission');
    await as(alice)
      .post(path, { add: `[${bob.userId}]` })
      .expect(200);
    // Whom someone else adds is told by the Notification Bot.
    expect(await lastMessage(bob)).toMatchObject({
      sender_full_name: 'Notification Bot',
      content: `@_**Alice Member|${alice.userId}** added you to the group @_*club*.`,
    });
    await refuses(as(alice).post(path, { add: '[99999]' }), 'Invalid user ID: 99999');
    // can_leave_group is nobody, but carol may remove anyone (joiners), herself included.
    await refuses(as(bob).post(path, { delete: `[${bob.userId}]` }), 'Insufficient permission');
    await as(carol)
      .post(path, { delete: `[${bob.userId}]` })
      .expect(200);
    expect((await lastMessage(bob))['content']).toBe(
      `@_**Carol Member|${carol.userId}** removed you from the group @_*club*.`,
    );
    await refuses(
      as(carol).post(path, { delete: `[${bob.userId}]` }),
      `There is no member '${bob.userId}' in this user group`,
    );
    expect(await members(club, { direct_member_only: 'true' })).toEqual([carol.userId]);
    const member = (userId: number, query: Record<string, string> = {}) =>
      get(owner, `/user_groups/${team}/members/${userId}`, query);
    expect((await member(carol.userId).expect(200)).body).toEqual({
      result: 'success',
      msg: '',
      is_user_group_member: true,
    });
    expect(
      (await member(carol.userId, { direct_member_only: 'true' }).expect(200)).body.is_user_group_member,
    ).toBe(false);
    await refuses(member(99999), 'No such user');
    await refuses(get(guest, `/user_groups/${team}/members`), 'Not allowed for guest users');
  });

  it('nests groups without cycles', async () => {
    // Registered first: the creations' events are relayed after their responses.
    const bobs = await queue(bob);
    const a = await createGroup(alice, { name: 'outer' });
    const b = await createGroup(alice, { name: 'middle', subgroups: '[]' });
    const c = await createGroup(alice, { name: 'inner', members: `[${bob.userId}]` });
    await as(alice)
      .post(`/user_groups/${a}/subgroups`, { add: `[${b}]` })
      .expect(200);
    await as(alice)
      .post(`/user_groups/${b}/members`, { add_subgroups: `[${c}]` })
      .expect(200);
    await refuses(
      as(alice).post(`/user_groups/${a}/subgroups`),
      'Nothing to do. Specify at least one of "add" or "delete".',
    );
    await refuses(
      as(alice).post(`/user_groups/${a}/subgroups`, { add: `[${b}]` }),
      `User group ${b} is already a subgroup of this group.`,
    );
    await refuses(
      as(alice).post(`/user_groups/${c}/subgroups`, { add: `[${a}]` }),
      `User group ${c} is already a subgroup of one of the passed subgroups.`,
    );
    await refuses(
      as(alice).post(`/user_groups/${a}/subgroups`, { add: '[99999]' }),
      'Invalid user group ID: 99999',
    );
    await refuses(as(bob).post(`/user_groups/${a}/subgroups`, { add: `[${c}]` }), 'Insufficient permission');
    expect((await get(owner, `/user_groups/${a}/subgroups`).expect(200)).body.subgroups).toEqual([b, c]);
    expect(
      (await get(owner, `/user_groups/${a}/subgroups`, { direct_subgroup_only: 'true' }).expect(200)).body
        .subgroups,
    ).toEqual([b]);
    expect(await members(a)).toEqual([bob.userId]);
    await refuses(
      as(alice).post(`/user_groups/${a}/subgroups`, { delete: `[${c}]` }),
      `User group ${c} is not a subgroup of this group.`,
    );
    await as(alice)
      .post(`/user_groups/${b}/subgroups`, { delete: `[${c}]` })
      .expect(200);
    expect(await members(a)).toEqual([]);
    const events = await bobs.events(6);
    expect(events.slice(0, 3).map((event) => [event['op'], (event['group'] as Group).id])).toEqual([
      ['add', a],
      ['add', b],
      ['add', c],
    ]);
    expect(events.slice(3)).toEqual([
      { type: 'user_group', op: 'add_subgroups', group_id: a, direct_subgroup_ids: [b] },
      { type: 'user_group', op: 'add_subgroups', group_id: b, direct_subgroup_ids: [c] },
      { type: 'user_group', op: 'remove_subgroups', group_id: b, direct_subgroup_ids: [c] },
    ]);
  });

  it('deactivates a group nothing relies on, and reactivates it', async () => {
    const used = await createGroup(alice, { name: 'used' });
    const user = await createGroup(alice, {
      name: 'user',
      subgroups: `[${used}]`,
      can_mention_group: String(used),
    });
    const response = await as(alice).post(`/user_groups/${used}/deactivate`).expect(400);
    expect(response.body).toEqual({
      result: 'error',
      msg: 'Cannot deactivate user group in use.',
      code: 'CANNOT_DEACTIVATE_GROUP_IN_USE',
      objections: [
        { type: 'subgroup', supergroup_ids: [user] },
        { type: 'user_group', group_id: user, settings: ['can_mention_group'] },
      ],
    });
    await refuses(as(bob).post(`/user_groups/${user}/deactivate`), 'Insufficient permission');
    await refuses(
      as(owner).post(`/user_groups/${systemGroups.get('role:members')}/deactivate`),
      'Insufficient permission',
    );
    const bobs = await queue(bob);
    await as(alice).post(`/user_groups/${user}/deactivate`).expect(200, { result: 'success', msg: '' });
    await refuses(as(alice).post(`/user_groups/${user}/deactivate`), 'User group is deactivated.');
    await refuses(get(owner, `/user_groups/${user}/members`), 'User group is deactivated.');
    expect((await groups()).map((g) => g.id)).not.toContain(user);
    expect(
      (await groups(owner, { include_deactivated_groups: 'true' })).find((g) => g.id === user),
    ).toMatchObject({
      deactivated: true,
    });
    // Its supergroup is deactivated: the subgroup may go too.
    await as(alice).post(`/user_groups/${used}/deactivate`).expect(200);
    await as(alice).patch(`/user_groups/${user}`, { deactivated: 'false' }).expect(200);
    const events = await bobs.events(6);
    expect(events.slice(0, 4)).toEqual([
      { type: 'user_group', op: 'update', group_id: user, data: { deactivated: true } },
      { type: 'user_group', op: 'remove', group_id: user },
      { type: 'user_group', op: 'update', group_id: used, data: { deactivated: true } },
      { type: 'user_group', op: 'remove', group_id: used },
    ]);
    expect(events[4]).toEqual({
      type: 'user_group',
      op: 'update',
      group_id: user,
      data: { deactivated: false },
    });
    expect(events[5]).toMatchObject({
      type: 'user_group',
      op: 'add',
      group: {
        id: user,
        name: 'user',
        direct_subgroup_ids: [used],
        can_mention_group: used,
        deactivated: false,
      },
      for_reactivation: true,
    });
  });

  it('moves an account between system groups when its role changes', async () => {
    const dave = await system.createUser(owner, 'dave@example.com', 'Dave Member');
    const bobs = await queue(bob);
    await system.setRole(owner, dave, 300);
    const id = (name: string) => systemGroups.get(name)!;
    expect(await bobs.events(3)).toEqual([
      { type: 'user_group', op: 'remove_members', group_id: id('role:members'), user_ids: [dave.userId] },
      { type: 'user_group', op: 'add_members', group_id: id('role:moderators'), user_ids: [dave.userId] },
      { type: 'user_group', op: 'remove_members', group_id: id('role:fullmembers'), user_ids: [dave.userId] },
    ]);
    expect(await members(id('role:moderators'), { direct_member_only: 'true' })).toEqual([dave.userId]);
    expect(await members(id('role:fullmembers'), { direct_member_only: 'true' })).not.toContain(dave.userId);
    // Moderators are in role:fullmembers through the chain.
    expect(await members(id('role:fullmembers'))).toContain(dave.userId);
    await system.setRole(owner, dave, 400);
    expect((await bobs.events(6)).slice(3)).toEqual([
      { type: 'user_group', op: 'remove_members', group_id: id('role:moderators'), user_ids: [dave.userId] },
      { type: 'user_group', op: 'add_members', group_id: id('role:members'), user_ids: [dave.userId] },
      { type: 'user_group', op: 'add_members', group_id: id('role:fullmembers'), user_ids: [dave.userId] },
    ]);
  });
  it('renders group mentions and flags every member as mentioned, within can_mention_group', async () => {
    const helpers = await createGroup(alice, { name: 'helpers', members: `[${carol.userId}]` });
    const crew = await createGroup(alice, {
      name: 'crew',
      members: `[${bob.userId}]`,
      subgroups: `[${helpers}]`,
    });
    const vip = await createGroup(alice, {
      name: 'vip',
      can_mention_group: `{"direct_members":[${alice.userId}],"direct_subgroups":[]}`,
    });
    const streamId = await chat.channel(owner, 'group talk', [alice, bob, carol]);
    const sent = await client.messages.send({
      type: 'stream',
      to: streamId,
      topic: 'help',
      content: 'ping @*crew*',
    });
    const messageId = sent['id'] as number;
    const fetched = await client.callEndpoint(`/messages/${messageId}`, 'GET');
    expect((fetched['message'] as Record<string, unknown>)['content']).toBe(
      `<p>ping <span class="user-group-mention" data-user-group-id="${crew}">@crew</span></p>`,
    );
    const MENTIONED = 1 << 3;
    // Bob directly, Carol through the subgroup; the sender is no member.
    expect((await chat.flags(bob, messageId))! & MENTIONED).toBe(MENTIONED);
    expect((await chat.flags(carol, messageId))! & MENTIONED).toBe(MENTIONED);
    expect((await chat.flags(alice, messageId))! & MENTIONED).toBe(0);
    const bobsView = (await get(bob, `/messages/${messageId}`).expect(200)).body.message;
    expect(bobsView.flags).toContain('mentioned');

    const silent = await chat.toChannel(alice, streamId, 'help', 'fyi @_*crew* and @_*role:administrators*');
    expect((await chat.flags(bob, silent))! & MENTIONED).toBe(0);
    const silentView = (await get(alice, `/messages/${silent}`).expect(200)).body.message;
    expect(silentView.content).toBe(
      `<p>fyi <span class="user-group-mention silent" data-user-group-id="${crew}">crew</span> and ` +
        `<span class="user-group-mention silent" data-user-group-id="${systemGroups.get('role:administrators')}">Administrators</span></p>`,
    );

    const post = (account: ChatAccount, content: string) =>
      as(account).post('/messages', { type: 'stream', to: String(streamId), topic: 'help', content });
    await refuses(post(bob, 'hey @*vip*'), "You are not allowed to mention user group 'vip'.");
    await post(bob, 'hey @_*vip*').expect(200);
    await post(alice, 'hey @*vip*').expect(200);
    // A deactivated group is no longer mentionable: the text stays Markdown.
    await as(alice).post(`/user_groups/${vip}/deactivate`).expect(200);
    const rendered = await as(alice).post('/messages/render', { content: '@*vip*' }).expect(200);
    expect(rendered.body.rendered).toBe('<p>@<em>vip</em></p>');
  });
  // Last: it rebuilds every realm's groups from scratch.
  it('gives realms that predate user groups their system groups (the backfill migration)', async () => {
    const shape = async (account: ChatAccount) => {
      const listed = await groups(account);
      const names = new Map(listed.map((g) => [g.id, g.name]));
      return listed
        .filter((g) => g['is_system_group'])
        .map((g) => ({
          name: g.name,
          description: g['description'],
          members: g['members'],
          subgroups: (g['direct_subgroup_ids'] as number[]).map((id) => names.get(id)),
          settings: [g['can_manage_group'], g['can_mention_group']].map((id) => names.get(id as number)),
        }));
    };
    const before = [await shape(owner), await shape(stranger)];
    const runner = system.chatApi.app.get(DataSource).createQueryRunner();
    try {
      await runner.query(
        'TRUNCATE "chat"."group_group_membership", "chat"."user_group_membership", "chat"."user_group"',
      );
      await new UserGroupsBackfill1795702980998().up(runner);
    } finally {
      await runner.release();
    }
    expect([await shape(owner), await shape(stranger)]).toEqual(before);
    expect(before[0]![0]).toMatchObject({ name: 'role:nobody', settings: ['role:nobody', 'role:nobody'] });
  });
});
