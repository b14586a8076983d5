import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { expectEventually } from '@platform/test-support';
import zulipInit, { type ZulipClient } from 'zulip-js';
import { ChatActions } from './chat-actions.js';
import { type ChatAccount, ChatTestSystem } from './chat-test-system.js';

type Params = Record<string, unknown>;

// Custom profile fields (Zulip's /realm/profile_fields and /users/me/profile_data), the values
// in user rows and PATCH /users/{id}, through zulip-js's callEndpoint; refusals through the
// gateway with their status.
describe('custom profile fields through zulip-js', () => {
  let system: ChatTestSystem;
  let chat: ChatActions;
  let realms = 0;

  // zulip-js sends every parameter as form text: JSON-encode what is not a string.
  const form = (params: Params) =>
    Object.fromEntries(
      Object.entries(params).map(([key, value]) => [
        key,
        typeof value === 'string' ? value : JSON.stringify(value),
      ]),
    );
  const clients = new Map<ChatAccount, ZulipClient>();
  const client = async (account: ChatAccount) => {
    if (!clients.has(account))
      clients.set(
        account,
        await zulipInit({ realm: system.gatewayUrl, username: account.email, apiKey: account.apiKey }),
      );
    return clients.get(account)!;
  };
  const call = async (account: ChatAccount, method: string, endpoint: string, params: Params = {}) =>
    (await client(account)).callEndpoint(endpoint, method, form(params));
  const ok = async (account: ChatAccount, method: string, endpoint: string, params: Params = {}) => {
    const body = await call(account, method, endpoint, params);
    expect(body).toMatchObject({ result: 'success', msg: '' });
    return body;
  };
  // A refusal: 400 with exactly this body.
  const refused = async (
    account: ChatAccount,
    method: 'post' | 'patch' | 'delete' | 'get',
    path: string,
    params: Params,
    msg: string,
    code = 'BAD_REQUEST',
    extra: Params = {},
  ) => {
    const response = await system.http[method](`/api/v1${path}`)
      .auth(account.email, account.apiKey)
      .type('form')
      .send(form(params));
    expect({ status: response.status, body: response.body }).toEqual({
      status: 400,
      body: { result: 'error', msg, code, ...extra },
    });
  };

  // A realm of its own for each test: the rules count the realm's fields.
  const organization = async () => {
    const tag = `cpf${++realms}`;
    const owner = (await system.createRealm(`Fields ${tag}`, `${tag}-owner@example.com`)).owner;
    const admin = await system.createUser(owner, `${tag}-admin@example.com`, 'Ada Admin');
    await system.setRole(owner, admin, 200);
    const member = await system.createUser(owner, `${tag}-member@example.com`, 'Mo Member');
    return { tag, owner, admin, member };
  };
  const createField = async (account: ChatAccount, params: Params): Promise<number> =>
    (await ok(account, 'POST', '/realm/profile_fields', params))['id'] as number;
  const listFields = async (account: ChatAccount) =>
    (await ok(account, 'GET', '/realm/profile_fields'))['custom_fields'] as Array<Params>;

  // A queue of the given event types and what has reached it so far.
  const queue = async (account: ChatAccount, eventTypes: string[]) => {
    const zulip = await client(account);
    const registered = await zulip.queues.register({ event_types: eventTypes });
    const queueId = registered['queue_id'] as string;
    return (count: number) =>
      expectEventually(async () => {
        const polled = await zulip.events.retrieve({
          queue_id: queueId,
          last_event_id: -1,
          dont_block: true,
        });
        const events = polled['events'] as Array<Params>;
        expect(events).toHaveLength(count);
        return events.map(({ id: _id, ...event }) => event);
      });
  };

  beforeAll(async () => {
    system = await ChatTestSystem.start(apiGatewayDefinition, { CHAT_RATE_LIMIT_REQUESTS: '10000' });
    chat = new ChatActions(system);
  });

  afterAll(() => system.stop());

  it('creates fields of all eight types and lists them in order, as Zulip shows them', async () => {
    const { owner, admin, member } = await organization();
    const choices = { vim: { text: 'Vim', order: '1' }, emacs: { text: 'Emacs', order: '2' } };
    const phone = await createField(owner, { name: '  Phone ', hint: 'Work number', field_type: 1 });
    const bio = await createField(admin, { name: 'Biography', field_type: 2, required: true });
    const editor = await createField(owner, {
      name: 'Editor',
      field_type: 3,
      field_data: choices,
      display_in_profile_summary: true,
    });
    const birthday = await createField(owner, { name: 'Birthday', field_type: 4, editable_by_user: false });
    const site = await createField(owner, { name: 'Website', field_type: 5 });
    const mentor = await createField(owner, { name: 'Mentor', field_type: 6 });
    const github = await createField(owner, {
      field_type: 7,
      field_data: { subtype: 'github', url_pattern: 'https://example.com/%(username)s' },
    });
    const mastodon = await createField(owner, { field_type: 7, field_data: { subtype: 'mastodon' } });
    const custom = await createField(owner, {
      name: 'Forge',
      field_type: 7,
      field_data: { subtype: 'custom', url_pattern: 'https://forge.example/%(username)s' },
    });
    const pronouns = await createField(owner, { name: 'Pronouns', field_type: 8, field_data: null });
    const row = (id: number, name: string, type: number, more: Params = {}) => ({
      id,
      name,
      type,
      hint: '',
      field_data: '',
      order: id,
      required: false,
      editable_by_user: true,
      ...more,
    });
    expect(await listFields(member)).toEqual([
      row(phone, 'Phone', 1, { hint: 'Work number' }),
      row(bio, 'Biography', 2, { required: true }),
      row(editor, 'Editor', 3, { field_data: JSON.stringify(choices), display_in_profile_summary: true }),
      row(birthday, 'Birthday', 4, { editable_by_user: false }),
      row(site, 'Website', 5),
      row(mentor, 'Mentor', 6),
      row(github, 'GitHub username', 7, { field_data: '{"subtype":"github"}' }),
      row(mastodon, 'Mastodon profile', 7, {
        field_data: '{"subtype":"mastodon"}',
        hint: 'The full URL to your profile',
      }),
      row(custom, 'Forge', 7, {
        field_data: '{"subtype":"custom","url_pattern":"https://forge.example/%(username)s"}',
      }),
      row(pronouns, 'Pronouns', 8),
    ]);
  });

  it('lets administrators and owners only change the fields', async () => {
    const { owner, member } = await organization();
    const id = await createField(owner, { name: 'Team', field_type: 1 });
    const notAdministrator = ['Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL'] as const;
    await refused(member, 'post', '/realm/profile_fields', { name: 'X', field_type: 1 }, ...notAdministrator);
    await refused(member, 'patch', `/realm/profile_fields/${id}`, { name: 'X' }, ...notAdministrator);
    await refused(member, 'delete', `/realm/profile_fields/${id}`, {}, ...notAdministrator);
    await refused(member, 'patch', '/realm/profile_fields', { order: [id] }, ...notAdministrator);
  });

  it('refuses bad field definitions with Zulip texts, in its order', async () => {
    const { owner } = await organization();
    const create = (params: Params, msg: string, code?: string, extra?: Params) =>
      refused(owner, 'post', '/realm/profile_fields', params, msg, code, extra);
    await create({ name: 'X' }, "Missing 'field_type' argument", 'REQUEST_VARIABLE_MISSING', {
      var_name: 'field_type',
    });
    await create({ name: 'X', field_type: '"1"' }, 'field_type is not an integer');
    await create({ name: 'X', field_type: 1, required: 'yes' }, 'required is not valid JSON');
    await create({ name: 'X', field_type: 3, field_data: [] }, 'field_data is not a dict');
    await create({ name: '   ', field_type: 1 }, 'Label cannot be blank.');
    await create(
      { name: 'X', hint: 'h'.repeat(81), field_type: 1 },
      'hint is too long (limit: 80 characters)',
    );
    await create({ name: 'n'.repeat(41), field_type: 1 }, 'name is too long (limit: 40 characters)');
    await create({ name: 'X', field_type: 9 }, 'Invalid field type.');
    await create({ name: '', field_type: 3, field_data: {} }, 'Field must have at least one choice.');
    await create(
      {
        name: 'X',
        field_type: 3,
        field_data: { a: { text: 'A', order: '1' }, b: { text: 'A', order: '2' } },
      },
      'Field must not have duplicate choices.',
    );
    await create(
      { name: 'X', field_type: 3, field_data: { ' ': { text: 'A', order: '1' } } },
      "'value' cannot be blank.",
    );
    await create(
      { name: 'X', field_type: 3, field_data: { a: { text: '', order: '1' } } },
      'field_data["text"] cannot be blank.',
    );
    await create({ field_type: 7, field_data: { subtype: 'myspace' } }, 'Invalid external account type');
    await create({ field_type: 7, field_data: {} }, 'subtype key is missing from field_data');
    await create(
      { name: 'X', field_type: 7, field_data: { subtype: 'custom', url_pattern: 'https://x.example/' } },
      "URL pattern must contain '%(username)s'.",
    );
    await create(
      { name: 'X', field_type: 7, field_data: { subtype: 'custom', url_pattern: 'x/%(username)s' } },
      'field_data["url_pattern"] is not a URL',
    );
    for (const field_type of [2, 6])
      await create(
        { name: 'X', field_type, display_in_profile_summary: true },
        'Field type not supported for display in profile summary.',
      );

    await createField(owner, { name: 'Team', field_type: 1, display_in_profile_summary: true });
    await create({ name: 'Team', field_type: 2 }, 'A field with that label already exists.');
    await createField(owner, {
      field_type: 7,
      field_data: { subtype: 'github' },
      display_in_profile_summary: true,
    });
    await create(
      { field_type: 7, field_data: { subtype: 'github' } },
      'A field with that label already exists.',
    );
    // The summary holds two fields, counted before anything else is checked.
    await create(
      { name: '', field_type: 2, display_in_profile_summary: true },
      'Only 2 custom profile fields can be displayed in the profile summary.',
    );
  });

  it('edits a field of the realm, and only of the realm', async () => {
    const { owner, member } = await organization();
    const other = await organization();
    const foreign = await createField(other.owner, { name: 'Elsewhere', field_type: 1 });
    const team = await createField(owner, { name: 'Team', field_type: 1, display_in_profile_summary: true });
    const role = await createField(owner, { name: 'Role', field_type: 1, display_in_profile_summary: true });
    const github = await createField(owner, { field_type: 7, field_data: { subtype: 'github' } });
    const edit = (id: number, params: Params, msg: string) =>
      refused(owner, 'patch', `/realm/profile_fields/${id}`, params, msg);

    await edit(foreign, { name: 'Mine' }, `Field id ${foreign} not found.`);
    await edit(999999, { name: 'Mine' }, 'Field id 999999 not found.');
    await refused(owner, 'delete', `/realm/profile_fields/${foreign}`, {}, `Field id ${foreign} not found.`);
    await edit(team, { name: ' ' }, 'Label cannot be blank.');
    await edit(team, { name: 'Role' }, 'A field with that label already exists.');
    await edit(
      github,
      { display_in_profile_summary: true },
      'Only 2 custom profile fields can be displayed in the profile summary.',
    );
    await edit(github, { name: 'Code host' }, 'Default custom field cannot be updated.');
    await edit(github, { field_data: { subtype: 'gitlab' } }, 'Default custom field cannot be updated.');

    // A field already in the summary does not count against itself.
    await ok(owner, 'PATCH', `/realm/profile_fields/${team}`, {
      name: ' Squad ',
      hint: 'Which squad',
      required: true,
      editable_by_user: false,
      display_in_profile_summary: true,
    });
    await ok(owner, 'PATCH', `/realm/profile_fields/${role}`, { display_in_profile_summary: false });
    // A built-in account may move into the summary, its current label sent again or not.
    await ok(owner, 'PATCH', `/realm/profile_fields/${github}`, {
      name: 'GitHub username',
      display_in_profile_summary: true,
    });
    expect(await listFields(member)).toEqual([
      expect.objectContaining({
        id: team,
        name: 'Squad',
        hint: 'Which squad',
        required: true,
        editable_by_user: false,
        display_in_profile_summary: true,
      }),
      {
        id: role,
        name: 'Role',
        type: 1,
        hint: '',
        field_data: '',
        order: role,
        required: false,
        editable_by_user: true,
      },
      expect.objectContaining({ id: github, name: 'GitHub username', display_in_profile_summary: true }),
    ]);
  });

  it('reorders the fields, every one of them named', async () => {
    const { owner, member } = await organization();
    const [a, b, c] = [
      await createField(owner, { name: 'A', field_type: 1 }),
      await createField(owner, { name: 'B', field_type: 1 }),
      await createField(owner, { name: 'C', field_type: 1 }),
    ];
    await refused(owner, 'patch', '/realm/profile_fields', { order: [c, a] }, 'Invalid order mapping.');
    await refused(owner, 'patch', '/realm/profile_fields', { order: 'c' }, 'order is not valid JSON');
    await ok(owner, 'PATCH', '/realm/profile_fields', { order: [c, a, b, 999999] });
    expect((await listFields(member)).map((field) => [field['id'], field['order']])).toEqual([
      [c, 0],
      [a, 1],
      [b, 2],
    ]);
  });

  it('announces every field change to the realm with the whole list', async () => {
    const { owner, member } = await organization();
    const events = await queue(member, ['custom_profile_fields']);
    const id = await createField(owner, { name: 'Team', field_type: 1 });
    await ok(owner, 'PATCH', `/realm/profile_fields/${id}`, { hint: 'Yours' });
    await ok(owner, 'DELETE', `/realm/profile_fields/${id}`);
    const row = {
      id,
      name: 'Team',
      type: 1,
      hint: '',
      field_data: '',
      order: id,
      required: false,
      editable_by_user: true,
    };
    expect(await events(3)).toEqual([
      { type: 'custom_profile_fields', fields: [row] },
      { type: 'custom_profile_fields', fields: [{ ...row, hint: 'Yours' }] },
      { type: 'custom_profile_fields', fields: [] },
    ]);
  });

  it('registers the fields, the field types and the built-in external accounts', async () => {
    const { owner, member } = await organization();
    const id = await createField(owner, { name: 'Team', field_type: 1 });
    const state = await (
      await client(member)
    ).queues.register({
      event_types: ['custom_profile_fields', 'realm'],
    });
    expect(state['custom_profile_fields']).toEqual([expect.objectContaining({ id, name: 'Team' })]);
    expect(state['custom_profile_field_types']).toEqual({
      DATE: { id: 4, name: 'Date' },
      EXTERNAL_ACCOUNT: { id: 7, name: 'External account' },
      URL: { id: 5, name: 'Link' },
      SELECT: { id: 3, name: 'List of options' },
      PRONOUNS: { id: 8, name: 'Pronouns' },
      LONG_TEXT: { id: 2, name: 'Text (long)' },
      SHORT_TEXT: { id: 1, name: 'Text (short)' },
      USER: { id: 6, name: 'Users' },
    });
    expect(Object.keys(state['custom_profile_field_types'] as Params)).toEqual([
      'DATE',
      'EXTERNAL_ACCOUNT',
      'URL',
      'SELECT',
      'PRONOUNS',
      'LONG_TEXT',
      'SHORT_TEXT',
      'USER',
    ]);
    expect((state['realm_default_external_accounts'] as Params)['github']).toEqual({
      text: 'GitHub',
      url_pattern: 'https://github.com/%(username)s',
      name: 'GitHub username',
      hint: '',
    });
    const only = await (await client(member)).queues.register({ event_types: ['realm_user'] });
    expect(only).not.toHaveProperty('custom_profile_fields');
  });

  it("checks each value by its field's type when users fill their profile", async () => {
    const { owner, member } = await organization();
    const choices = { vim: { text: 'Vim', order: '1' } };
    const ids = {
      short: await createField(owner, { name: 'Short', field_type: 1 }),
      long: await createField(owner, { name: 'Long', field_type: 2 }),
      select: await createField(owner, { name: 'Editor', field_type: 3, field_data: choices }),
      date: await createField(owner, { name: 'Birthday', field_type: 4 }),
      url: await createField(owner, { name: 'Website', field_type: 5 }),
      user: await createField(owner, { name: 'Mentor', field_type: 6 }),
      external: await createField(owner, { field_type: 7, field_data: { subtype: 'github' } }),
      pronouns: await createField(owner, { name: 'Pronouns', field_type: 8 }),
      locked: await createField(owner, { name: 'Badge', field_type: 1, editable_by_user: false }),
    };
    const other = await organization();
    const foreign = await createField(other.owner, { name: 'Elsewhere', field_type: 1 });
    const [notificationBot] = await chat.crossRealmBots(member);
    const set = (id: number, value: unknown, msg: string) =>
      refused(member, 'patch', '/users/me/profile_data', { data: [{ id, value }] }, msg);

    await set(ids.short, 'x'.repeat(51), 'Short is too long (limit: 50 characters)');
    await set(ids.short, [1], 'Short is not a string');
    await set(ids.long, 'x'.repeat(501), 'Long is too long (limit: 500 characters)');
    await set(ids.select, 'emacs', "'emacs' is not a valid choice for 'Editor'.");
    await set(ids.date, '2023-02-29', 'Birthday is not a date');
    await set(ids.url, 'example.com', 'Website is not a URL');
    await set(ids.user, 'Olivia', 'User IDs is not a list');
    await set(ids.user, [999999], 'Invalid user IDs: 999999');
    await set(ids.user, [other.owner.userId], `Invalid user IDs: ${other.owner.userId}`);
    await set(ids.user, [notificationBot!.user_id], `User with ID ${notificationBot!.user_id} is a bot`);
    const gone = await system.createUser(owner, `gone-${owner.userId}@example.com`, 'Gus Gone');
    await ok(owner, 'DELETE', `/users/${gone.userId}`);
    await set(ids.user, [owner.userId, gone.userId], `User with ID ${gone.userId} is deactivated`);
    await set(ids.external, 'x'.repeat(51), 'GitHub username is too long (limit: 50 characters)');
    await set(ids.pronouns, 'x'.repeat(51), 'Pronouns is too long (limit: 50 characters)');
    await set(foreign, 'mine', `Field id ${foreign} not found.`);
    await set(
      ids.locked,
      'gold',
      'You are not allowed to change this field. Contact an administrator to update it.',
    );
    await refused(
      member,
      'patch',
      '/users/me/profile_data',
      { data: [{ id: ids.short }] },
      'value key is missing from data[0]',
    );
    await refused(member, 'patch', '/users/me/profile_data', { data: {} }, 'data is not a list');
    await refused(
      member,
      'delete',
      '/users/me/profile_data',
      { data: [ids.locked] },
      'You are not allowed to change this field. Contact an administrator to update it.',
    );
    await refused(
      member,
      'delete',
      '/users/me/profile_data',
      { data: [foreign] },
      `Field id ${foreign} not found.`,
    );
    // Each entry is checked in turn: a bad value is reported before a later entry's unknown field.
    await refused(
      member,
      'patch',
      '/users/me/profile_data',
      {
        data: [
          { id: ids.short, value: 'x'.repeat(51) },
          { id: foreign, value: 'x' },
        ],
      },
      'Short is too long (limit: 50 characters)',
    );
    // One refused value refuses them all.
    await refused(
      member,
      'patch',
      '/users/me/profile_data',
      {
        data: [
          { id: ids.short, value: 'fine' },
          { id: ids.date, value: 'soon' },
        ],
      },
      'Birthday is not a date',
    );

    await ok(member, 'PATCH', '/users/me/profile_data', {
      data: [
        { id: ids.short, value: 'Some **bold**' },
        { id: ids.long, value: 'Line' },
        { id: ids.select, value: 'vim' },
        { id: ids.date, value: '2024-02-29' },
        { id: ids.url, value: 'https://zulip.com' },
        { id: ids.user, value: [owner.userId] },
        { id: ids.external, value: 'octocat' },
        { id: ids.pronouns, value: 'they/them' },
      ],
    });
    // Administrators may change what users may not.
    await ok(owner, 'PATCH', '/users/me/profile_data', { data: [{ id: ids.locked, value: 'gold' }] });
    const me = await ok(member, 'GET', '/users/me');
    expect(me['profile_data']).toEqual({
      [ids.short]: { value: 'Some **bold**', rendered_value: '<p>Some <strong>bold</strong></p>' },
      [ids.long]: { value: 'Line', rendered_value: '<p>Line</p>' },
      [ids.select]: { value: 'vim' },
      [ids.date]: { value: '2024-02-29' },
      [ids.url]: { value: 'https://zulip.com' },
      [ids.user]: { value: `[${owner.userId}]` },
      [ids.external]: { value: 'octocat' },
      [ids.pronouns]: { value: 'they/them' },
    });

    await ok(member, 'DELETE', '/users/me/profile_data', { data: [ids.short, ids.url, ids.url] });
    const after = (await ok(member, 'GET', '/users/me'))['profile_data'] as Params;
    expect(Object.keys(after)).not.toContain(String(ids.short));
    expect(Object.keys(after)).not.toContain(String(ids.url));

    // A choice that goes away takes its values with it.
    await ok(owner, 'PATCH', `/realm/profile_fields/${ids.select}`, {
      field_data: { neovim: { text: 'Neovim', order: '1' } },
    });
    expect((await ok(member, 'GET', '/users/me'))['profile_data']).not.toHaveProperty(String(ids.select));
    // Deleting a field deletes everyone's value of it.
    await ok(owner, 'DELETE', `/realm/profile_fields/${ids.date}`);
    expect((await ok(member, 'GET', '/users/me'))['profile_data']).not.toHaveProperty(String(ids.date));
  });

  it('shows the values in user rows, and lets administrators set them through PATCH /users/{id}', async () => {
    const { owner, admin, member } = await organization();
    const badge = await createField(owner, { name: 'Badge', field_type: 1, editable_by_user: false });
    const site = await createField(owner, { name: 'Site', field_type: 5 });
    const events = await queue(owner, ['realm_user']);
    const patchUser = `/users/${member.userId}`;

    await refused(admin, 'patch', patchUser, { profile_data: {} }, 'profile_data is not a list');
    await refused(
      admin,
      'patch',
      patchUser,
      { profile_data: [{ id: 999999, value: 'x' }] },
      'Field id 999999 not found.',
    );
    await refused(
      admin,
      'patch',
      patchUser,
      { profile_data: [{ id: site, value: 'nope' }] },
      'Site is not a URL',
    );
    // The change is one: a refused value keeps the new name out too.
    await refused(
      admin,
      'patch',
      patchUser,
      { full_name: 'Renamed', profile_data: [{ id: site, value: 'nope' }] },
      'Site is not a URL',
    );
    // Administrators set fields users may not edit themselves.
    await ok(admin, 'PATCH', patchUser, {
      profile_data: [
        { id: badge, value: 'gold' },
        { id: site, value: 'https://zulip.com' },
      ],
    });
    const values = {
      [badge]: { value: 'gold', rendered_value: '<p>gold</p>' },
      [site]: { value: 'https://zulip.com' },
    };
    const members = (await ok(owner, 'GET', '/users', { include_custom_profile_fields: true }))[
      'members'
    ] as Params[];
    expect(members.find((row) => row['user_id'] === member.userId)).toMatchObject({
      full_name: 'Mo Member',
      profile_data: values,
    });
    expect(members.find((row) => row['user_id'] === owner.userId)).toMatchObject({ profile_data: {} });
    const plain = (await ok(owner, 'GET', '/users'))['members'] as Params[];
    expect(plain.find((row) => row['user_id'] === member.userId)).not.toHaveProperty('profile_data');
    const one = await ok(owner, 'GET', patchUser, { include_custom_profile_fields: true });
    expect((one['user'] as Params)['profile_data']).toEqual(values);
    const state = await (await client(owner)).queues.register({ event_types: ['realm_user'] });
    const listed = (state['realm_users'] as Params[]).find((row) => row['user_id'] === member.userId);
    expect(listed!['profile_data']).toEqual(values);
    expect((await ok(member, 'GET', '/users/me'))['profile_data']).toEqual(values);

    // An empty value (null, '' or []) clears its field.
    await ok(admin, 'PATCH', patchUser, {
      profile_data: [
        { id: badge, value: null },
        { id: site, value: '' },
      ],
    });
    expect((await ok(member, 'GET', '/users/me'))['profile_data']).toEqual({});
    const update = (custom_profile_field: Params) => ({
      type: 'realm_user',
      op: 'update',
      person: { user_id: member.userId, custom_profile_field },
    });
    expect(await events(4)).toEqual([
      update({ id: badge, value: 'gold', rendered_value: '<p>gold</p>' }),
      update({ id: site, value: 'https://zulip.com' }),
      update({ id: badge, value: null }),
      update({ id: site, value: null }),
    ]);
  });

  it('refuses bots their own profile data', async () => {
    const { owner } = await organization();
    const id = await createField(owner, { name: 'Team', field_type: 1 });
    const bot = await chat
      .as(owner)
      .post('/bots', { full_name: 'Field Bot', short_name: 'fieldy' })
      .expect(200);
    const host = new URL(system.gatewayUrl).hostname;
    const account = { userId: bot.body.user_id, email: `fieldy-bot@${host}`, apiKey: bot.body.api_key };
    await refused(
      account,
      'patch',
      '/users/me/profile_data',
      { data: [{ id, value: 'x' }] },
      'This endpoint does not accept bot requests.',
    );
    await refused(
      account,
      'delete',
      '/users/me/profile_data',
      { data: [id] },
      'This endpoint does not accept bot requests.',
    );
  });

  it('announces value changes as realm_user updates, and nothing for an unchanged value', async () => {
    const { owner, member } = await organization();
    const team = await createField(owner, { name: 'Team', field_type: 1 });
    const site = await createField(owner, { name: 'Site', field_type: 5 });
    const events = await queue(owner, ['realm_user']);
    await ok(member, 'PATCH', '/users/me/profile_data', {
      data: [
        { id: team, value: '*Core*' },
        { id: site, value: 'https://zulip.com' },
      ],
    });
    await ok(member, 'PATCH', '/users/me/profile_data', { data: [{ id: team, value: '*Core*' }] });
    await ok(member, 'DELETE', '/users/me/profile_data', { data: [site, site] });
    const update = (custom_profile_field: Params) => ({
      type: 'realm_user',
      op: 'update',
      person: { user_id: member.userId, custom_profile_field },
    });
    expect(await events(3)).toEqual([
      update({ id: team, value: '*Core*', rendered_value: '<p><em>Core</em></p>' }),
      update({ id: site, value: 'https://zulip.com' }),
      update({ id: site, value: null }),
    ]);
  });
});
