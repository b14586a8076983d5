import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ChatEventV1 } from '@shared/contracts';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { expectEventually } from '@platform/test-support';
import { ChatActions } from './chat-actions.js';
import { type ChatAccount, ChatTestSystem } from './chat-test-system.js';

const inSeconds = (seconds: number) => Math.ceil(Date.now() / 1000) + seconds;

describe('scheduled messages and reminders through the gateway', () => {
  let system: ChatTestSystem;
  let chat: ChatActions;
  let owner: ChatAccount;
  let member: ChatAccount;
  let generalId: number;
  let realmUrl: string;
  let events: ChatEventV1[];

  beforeAll(async () => {
    system = await ChatTestSystem.start(apiGatewayDefinition, { CHAT_RATE_LIMIT_REQUESTS: '1000' });
    chat = new ChatActions(system);
    const realm = await system.createRealm();
    owner = realm.owner;
    realmUrl = realm.url;
    member = await system.createUser(owner, 'planner@example.com', 'Pat Planner');
    generalId = await chat.channel(owner, 'general', [member]);
    events = await chat.recordEvents();
  });

  afterAll(() => system.stop());

  const schedule = (form: Record<string, string>, who: ChatAccount = member) =>
    chat.as(who).post('/scheduled_messages', form);
  const badRequest = (msg: string) => ({ result: 'error', msg, code: 'BAD_REQUEST' });
  const messageEvents = (content: string) =>
    events.filter((e) => e.event['type'] === 'message' && (e.markdown ?? '').includes(content));
  const listed = async (who: ChatAccount = member) =>
    (await chat.as(who).get('/scheduled_messages').expect(200)).body.scheduled_messages as Array<
      Record<string, unknown>
    >;

  it('schedules channel and direct messages, lists them, and delivers them on time', async () => {
    const at = inSeconds(2);
    const toChannel = await schedule({
      type: 'channel',
      to: String(generalId),
      topic: 'later',
      content: 'scheduled **channel** note',
      scheduled_delivery_timestamp: String(at),
    }).expect(200);
    expect(toChannel.body).toEqual({ result: 'success', msg: '', scheduled_message_id: expect.any(Number) });
    const toOwner = await schedule({
      type: 'direct',
      to: JSON.stringify([owner.userId]),
      content: 'scheduled direct note',
      scheduled_delivery_timestamp: String(at),
    }).expect(200);
    const pending = await listed();
    // Zulip's key order (ScheduledMessage.to_dict).
    const common = ['content', 'rendered_content'];
    expect(pending.map((row) => Object.keys(row))).toEqual([
      ['scheduled_message_id', 'to', 'type', ...common, 'topic', 'scheduled_delivery_timestamp', 'failed'],
      ['scheduled_message_id', 'to', 'type', ...common, 'scheduled_delivery_timestamp', 'failed'],
    ]);
    expect(pending).toEqual([
      {
        scheduled_message_id: toChannel.body.scheduled_message_id,
        type: 'stream',
        to: generalId,
        topic: 'later',
        content: 'scheduled **channel** note',
        rendered_content: '<p>scheduled <strong>channel</strong> note</p>',
        scheduled_delivery_timestamp: at,
        failed: false,
      },
      {
        scheduled_message_id: toOwner.body.scheduled_message_id,
        type: 'private',
        to: [owner.userId],
        content: 'scheduled direct note',
        rendered_content: '<p>scheduled direct note</p>',
        scheduled_delivery_timestamp: at,
        failed: false,
      },
    ]);
    const registered = await chat
      .as(member)
      .post('/register', { fetch_event_types: '["scheduled_messages"]' });
    expect(registered.body.scheduled_messages).toHaveLength(2);

    await expectEventually(() => {
      expect(messageEvents('scheduled **channel** note')).toHaveLength(1);
      expect(messageEvents('scheduled direct note')).toHaveLength(1);
    });
    const sent = messageEvents('scheduled **channel** note')[0]!.event['message'] as { timestamp: number };
    expect(sent.timestamp).toBeGreaterThanOrEqual(at);
    expect(await listed()).toEqual([]);
    const announced = events
      .filter((e) => e.event['type'] === 'scheduled_messages')
      .map((e) => e.event['op']);
    expect(announced).toEqual(['add', 'add', 'remove', 'remove']);
  });

  it('edits a scheduled message and deletes it', async () => {
    const { body } = await schedule({
      type: 'stream',
      to: String(generalId),
      topic: 'draft',
      content: 'first',
      scheduled_delivery_timestamp: String(inSeconds(3600)),
    }).expect(200);
    const id = body.scheduled_message_id as number;
    await chat
      .as(member)
      .patch(`/scheduled_messages/${id}`, { content: 'second', topic: 'final' })
      .expect(200, {
        result: 'success',
        msg: '',
      });
    expect(await listed()).toContainEqual(
      expect.objectContaining({ scheduled_message_id: id, content: 'second', topic: 'final' }),
    );
    await chat
      .as(member)
      .patch(`/scheduled_messages/${id}`, { type: 'direct', to: JSON.stringify([owner.userId]) })
      .expect(200);
    const direct = (await listed()).find((row) => row['scheduled_message_id'] === id)!;
    expect(direct).toMatchObject({ type: 'private', to: [owner.userId] });
    expect(direct).not.toHaveProperty('topic');
    await chat.as(member).delete(`/scheduled_messages/${id}`).expect(200, { result: 'success', msg: '' });
    const gone = badRequest('Scheduled message does not exist');
    expect((await chat.as(member).delete(`/scheduled_messages/${id}`).expect(404)).body).toEqual(gone);
  });

  it.each([
    [
      'a past time',
      { type: 'direct', to: '[1]', content: 'x', scheduled_delivery_timestamp: '1000' },
      badRequest('Scheduled delivery time must be in the future.'),
    ],
    [
      'a list of ids for a channel',
      { type: 'stream', to: '[1]', topic: 't', content: 'x', scheduled_delivery_timestamp: 'FUTURE' },
      badRequest('Invalid data type for channel ID'),
    ],
    [
      'a channel id that is not JSON',
      { type: 'stream', to: 'general', topic: 't', content: 'x', scheduled_delivery_timestamp: 'FUTURE' },
      badRequest('to is not valid JSON'),
    ],
    [
      'a channel id given as a JSON string',
      { type: 'stream', to: '"5"', topic: 't', content: 'x', scheduled_delivery_timestamp: 'FUTURE' },
      badRequest('to["int"] is not an integer'),
    ],
    [
      'recipients that are not a list',
      { type: 'direct', to: '5', content: 'x', scheduled_delivery_timestamp: 'FUTURE' },
      badRequest('Invalid data type for recipients'),
    ],
    [
      'recipients that are not ids',
      { type: 'private', to: '["a@b.c"]', content: 'x', scheduled_delivery_timestamp: 'FUTURE' },
      badRequest('to["int"] is not an integer'),
    ],
    [
      'an unknown user',
      { type: 'direct', to: '[999999]', content: 'x', scheduled_delivery_timestamp: 'FUTURE' },
      badRequest('Invalid user ID 999999'),
    ],
    [
      'a user id beyond integers',
      { type: 'direct', to: '[99999999999]', content: 'x', scheduled_delivery_timestamp: 'FUTURE' },
      badRequest('Invalid user ID 99999999999'),
    ],
    [
      'no recipients',
      { type: 'direct', to: '[]', content: 'x', scheduled_delivery_timestamp: 'FUTURE' },
      badRequest('Message must have recipients'),
    ],
    [
      'a channel message without topic',
      { type: 'channel', to: 'GENERAL', content: 'x', scheduled_delivery_timestamp: 'FUTURE' },
      badRequest('Missing topic'),
    ],
    [
      'an empty content',
      { type: 'channel', to: 'GENERAL', topic: 't', content: '  ', scheduled_delivery_timestamp: 'FUTURE' },
      badRequest('Message must not be empty'),
    ],
    [
      'an unknown type',
      { type: 'email', to: '[1]', content: 'x', scheduled_delivery_timestamp: 'FUTURE' },
      badRequest('Invalid type: Value error, Not in the list of possible values'),
    ],
    [
      'a timestamp that is not an integer',
      { type: 'direct', to: '[1]', content: 'x', scheduled_delivery_timestamp: '"soon"' },
      badRequest('scheduled_delivery_timestamp is not an integer'),
    ],
    [
      'no content',
      { type: 'direct', to: '[1]', scheduled_delivery_timestamp: 'FUTURE' },
      {
        result: 'error',
        msg: "Missing 'content' argument",
        code: 'REQUEST_VARIABLE_MISSING',
        var_name: 'content',
      },
    ],
    [
      'nothing, naming content first (Zulip checks its parameters in alphabetical order)',
      { type: 'email' },
      {
        result: 'error',
        msg: "Missing 'content' argument",
        code: 'REQUEST_VARIABLE_MISSING',
        var_name: 'content',
      },
    ],
    [
      'a bad read_by_sender before a bad type',
      {
        type: 'email',
        to: '[1]',
        content: 'x',
        read_by_sender: 'yes',
        scheduled_delivery_timestamp: 'FUTURE',
      },
      badRequest('read_by_sender is not valid JSON'),
    ],
    [
      'a bad type before a missing timestamp',
      { type: 'email', to: '[1]', content: 'x' },
      badRequest('Invalid type: Value error, Not in the list of possible values'),
    ],
    [
      'no timestamp',
      { type: 'direct', to: '[1]', content: 'x' },
      {
        result: 'error',
        msg: "Missing 'scheduled_delivery_timestamp' argument",
        code: 'REQUEST_VARIABLE_MISSING',
        var_name: 'scheduled_delivery_timestamp',
      },
    ],
  ])('refuses %s', async (_label, form, expected) => {
    const filled = Object.fromEntries(
      Object.entries(form).map(([k, v]) => [
        k,
        v === 'FUTURE' ? String(inSeconds(3600)) : v === 'GENERAL' ? String(generalId) : v,
      ]),
    );
    expect((await schedule(filled).expect(400)).body).toEqual(expected);
  });

  it('refuses an archived channel as Zulip does: found, but not authorized', async () => {
    const closed = await chat.channel(owner, 'closed', [member]);
    await chat.as(owner).delete(`/streams/${closed}`).expect(200);
    const response = await schedule({
      type: 'stream',
      to: String(closed),
      topic: 't',
      content: 'x',
      scheduled_delivery_timestamp: String(inSeconds(3600)),
    }).expect(400);
    expect(response.body).toEqual(badRequest("Not authorized to send to channel 'closed'"));
  });

  it('refuses a missing channel with STREAM_DOES_NOT_EXIST', async () => {
    const response = await schedule({
      type: 'stream',
      to: '999999',
      topic: 't',
      content: 'x',
      scheduled_delivery_timestamp: String(inSeconds(3600)),
    }).expect(400);
    expect(response.body).toEqual({
      result: 'error',
      msg: "Channel with ID '999999' does not exist",
      code: 'STREAM_DOES_NOT_EXIST',
      stream_id: 999999,
    });
  });

  it('checks edits as Zulip does', async () => {
    const { body } = await schedule({
      type: 'direct',
      to: JSON.stringify([owner.userId]),
      content: 'to edit',
      scheduled_delivery_timestamp: String(inSeconds(3600)),
    }).expect(200);
    const patch = (form: Record<string, string>, who: ChatAccount = member, id = body.scheduled_message_id) =>
      chat.as(who).patch(`/scheduled_messages/${id}`, form);
    expect((await patch({}).expect(400)).body).toEqual(badRequest('Nothing to change'));
    expect((await patch({ type: 'direct' }).expect(400)).body).toEqual(
      badRequest('Recipient required when updating type of scheduled message.'),
    );
    expect((await patch({ type: 'channel', to: String(generalId) }).expect(400)).body).toEqual(
      badRequest('Topic required when updating scheduled message type to channel.'),
    );
    expect((await patch({ to: 'nobody' }).expect(400)).body).toEqual(badRequest('to is not valid JSON'));
    expect((await patch({ to: String(generalId) }).expect(400)).body).toEqual(
      badRequest('Invalid data type for recipients'),
    );
    expect((await patch({ scheduled_delivery_timestamp: '1000' }).expect(400)).body).toEqual(
      badRequest('Scheduled delivery time must be in the future.'),
    );
    const gone = badRequest('Scheduled message does not exist');
    expect((await patch({ content: 'x' }, owner).expect(404)).body).toEqual(gone);
    expect((await patch({ content: 'x' }, member, 999_999).expect(404)).body).toEqual(gone);
  });

  it('marks a message it cannot send failed, tells the sender, and needs a new time to retry', async () => {
    const doomed = await chat.channel(owner, 'doomed', [member]);
    const due = inSeconds(2);
    const { body } = await schedule({
      type: 'stream',
      to: String(doomed),
      topic: 'soon gone',
      content: 'never delivered',
      scheduled_delivery_timestamp: String(due),
    }).expect(200);
    const id = body.scheduled_message_id as number;
    await chat.as(owner).delete(`/streams/${doomed}`).expect(200);

    await expectEventually(async () =>
      expect(await listed()).toContainEqual(
        expect.objectContaining({ scheduled_message_id: id, failed: true }),
      ),
    );
    await expectEventually(() => {
      const notice = events.find(
        (e) =>
          e.event['type'] === 'message' &&
          (e.markdown ?? '').startsWith('The message you scheduled for <time:'),
      );
      // Python's str() of the time, and the space Zulip leaves after its time mark.
      const when = new Date(due * 1000).toISOString().replace('T', ' ').replace('.000Z', '+00:00');
      expect(notice?.markdown).toBe(
        `The message you scheduled for <time:${when}>  was not sent because of the following error:\n\n` +
          `> Not authorized to send to channel 'doomed'\n\n[View scheduled messages](#scheduled)`,
      );
      expect(notice?.userIds).toContain(member.userId);
    });
    const updates = events
      .filter((e) => e.event['type'] === 'scheduled_messages' && e.event['op'] === 'update')
      .map((e) => e.event['scheduled_message'] as { scheduled_message_id: number });
    expect(updates).toContainEqual(expect.objectContaining({ scheduled_message_id: id, failed: true }));

    const retry = (form: Record<string, string>) => chat.as(member).patch(`/scheduled_messages/${id}`, form);
    expect((await retry({ content: 'again' }).expect(400)).body).toEqual(
      badRequest('Scheduled delivery time must be in the future.'),
    );
    await retry({
      to: String(generalId),
      topic: 'rescued',
      scheduled_delivery_timestamp: String(inSeconds(3600)),
    }).expect(200);
    expect(await listed()).toContainEqual(
      expect.objectContaining({ scheduled_message_id: id, failed: false, to: generalId }),
    );
  });

  describe('reminders', () => {
    it('reminds the user of a message through the Notification Bot', async () => {
      const target = await chat.toChannel(owner, generalId, 'plans', 'ship it friday');
      const at = inSeconds(2);
      const created = await chat
        .as(member)
        .post('/reminders', {
          message_id: String(target),
          scheduled_delivery_timestamp: String(at),
          note: 'check',
        })
        .expect(200);
      expect(created.body).toEqual({ result: 'success', msg: '', reminder_id: expect.any(Number) });
      const listedReminders = (await chat.as(member).get('/reminders').expect(200)).body.reminders;
      expect(listedReminders).toEqual([
        {
          reminder_id: created.body.reminder_id,
          type: 'private',
          to: [member.userId],
          content: expect.stringContaining('ship it friday'),
          rendered_content: expect.any(String),
          scheduled_delivery_timestamp: at,
          failed: false,
          reminder_target_message_id: target,
        },
      ]);
      await expectEventually(() => {
        const reminder = events.find(
          (e) =>
            e.event['type'] === 'message' && (e.markdown ?? '').startsWith('You requested a reminder for'),
        );
        expect(reminder?.markdown).toBe(
          `You requested a reminder for #**general>plans@${target}**. Note:\n > check\n\n` +
            `@_**Olivia Owner|${owner.userId}** [said](${realmUrl}/#narrow/channel/${generalId}-general/topic/plans/near/${target}):\n` +
            '```quote\nship it friday\n```',
        );
        expect(reminder?.userIds).toContain(member.userId);
        expect((reminder?.event['message'] as { sender_full_name: string }).sender_full_name).toBe(
          'Notification Bot',
        );
      });
      expect((await chat.as(member).get('/reminders').expect(200)).body.reminders).toEqual([]);
      // Zulip keeps a delivered reminder's row, so deleting it still succeeds.
      await chat
        .as(member)
        .delete(`/reminders/${created.body.reminder_id}`)
        .expect(200, { result: 'success', msg: '' });
    });

    it('words a reminder of a direct message as Zulip does, linking to the conversation', async () => {
      const target = await chat.direct(owner, [member], 'lunch at noon?');
      const created = await chat
        .as(member)
        .post('/reminders', {
          message_id: String(target),
          scheduled_delivery_timestamp: String(inSeconds(3600)),
          note: '\n\nanswer her  \n',
        })
        .expect(200);
      const [reminder] = (await chat.as(member).get('/reminders').expect(200)).body.reminders;
      const ids = [owner.userId, member.userId].sort((a, b) => a - b).join(',');
      expect(reminder).toEqual({
        reminder_id: created.body.reminder_id,
        to: [member.userId],
        type: 'private',
        content:
          'You requested a reminder for the following direct message. Note:\n > answer her\n\n' +
          `@_**Olivia Owner|${owner.userId}** [said](${realmUrl}/#narrow/dm/${ids}/near/${target}):\n` +
          '```quote\nlunch at noon?\n```',
        rendered_content: expect.any(String),
        scheduled_delivery_timestamp: expect.any(Number),
        failed: false,
        reminder_target_message_id: target,
      });
      expect(Object.keys(reminder)).toEqual([
        'reminder_id',
        'to',
        'type',
        'content',
        'rendered_content',
        'scheduled_delivery_timestamp',
        'failed',
        'reminder_target_message_id',
      ]);
      await chat.as(member).delete(`/reminders/${created.body.reminder_id}`).expect(200);
    });

    it('deletes a reminder, and answers 404 for a missing one', async () => {
      const target = await chat.direct(owner, [member], 'remind me');
      const { body } = await chat
        .as(member)
        .post('/reminders', {
          message_id: String(target),
          scheduled_delivery_timestamp: String(inSeconds(3600)),
        })
        .expect(200);
      await chat
        .as(member)
        .delete(`/reminders/${body.reminder_id}`)
        .expect(200, { result: 'success', msg: '' });
      const missing = badRequest('Reminder does not exist');
      expect((await chat.as(member).delete(`/reminders/${body.reminder_id}`).expect(404)).body).toEqual(
        missing,
      );
    });

    it('refuses a message the user cannot read and a past time', async () => {
      const foreign = await chat.direct(owner, [owner], 'private note');
      const at = String(inSeconds(3600));
      expect(
        (
          await chat
            .as(member)
            .post('/reminders', { message_id: String(foreign), scheduled_delivery_timestamp: at })
            .expect(400)
        ).body,
      ).toEqual(badRequest('Invalid message(s)'));
      expect(
        (
          await chat
            .as(member)
            .post('/reminders', { message_id: String(foreign), scheduled_delivery_timestamp: '1000' })
            .expect(400)
        ).body,
      ).toEqual(badRequest('Scheduled delivery time must be in the future.'));
      const mine = await chat.direct(member, [owner], 'long note ahead');
      expect(
        (
          await chat
            .as(member)
            .post('/reminders', {
              message_id: String(mine),
              scheduled_delivery_timestamp: at,
              note: 'n'.repeat(1001),
            })
            .expect(400)
        ).body,
      ).toEqual(badRequest('Maximum reminder note length: 1000 characters'));
      expect(
        (await chat.as(member).post('/reminders', { scheduled_delivery_timestamp: at }).expect(400)).body,
      ).toEqual({
        result: 'error',
        msg: "Missing 'message_id' argument",
        code: 'REQUEST_VARIABLE_MISSING',
        var_name: 'message_id',
      });
    });
  });

  it('renders mentions in rendered_content as the sent message will be (Zulip: render_message_markdown)', async () => {
    const content = 'ask @**Olivia Owner** in #**general**';
    const scheduled = await schedule({
      type: 'direct',
      to: JSON.stringify([owner.userId]),
      content,
      scheduled_delivery_timestamp: String(inSeconds(3600)),
    }).expect(200);
    const rendered = (await chat.as(member).post('/messages/render', { content }).expect(200)).body.rendered;
    expect(rendered).toContain(`data-user-id="${owner.userId}"`);
    const row = (await listed()).find(
      (r) => r['scheduled_message_id'] === scheduled.body.scheduled_message_id,
    );
    expect(row?.['rendered_content']).toBe(rendered);
    const edited = `${content}, again`;
    await chat
      .as(member)
      .patch(`/scheduled_messages/${scheduled.body.scheduled_message_id}`, { content: edited })
      .expect(200);
    const again = (await chat.as(member).post('/messages/render', { content: edited }).expect(200)).body
      .rendered;
    const editedRow = (await listed()).find(
      (r) => r['scheduled_message_id'] === scheduled.body.scheduled_message_id,
    );
    expect(editedRow?.['rendered_content']).toBe(again);
    await chat.as(member).delete(`/scheduled_messages/${scheduled.body.scheduled_message_id}`).expect(200);

    const target = await chat.toChannel(owner, generalId, 'remind me', 'a note for later');
    const reminder = await chat
      .as(member)
      .post('/reminders', {
        message_id: String(target),
        scheduled_delivery_timestamp: String(inSeconds(3600)),
      })
      .expect(200);
    const reminders = (await chat.as(member).get('/reminders').expect(200)).body.reminders as Array<
      Record<string, string>
    >;
    const mine = reminders.find((r) => r['reminder_id'] === reminder.body.reminder_id)!;
    const expected = (
      await chat.as(member).post('/messages/render', { content: mine['content']! }).expect(200)
    ).body.rendered;
    expect(mine['rendered_content']).toBe(expected);
    expect(mine['rendered_content']).toContain('user-mention silent');
    await chat.as(member).delete(`/reminders/${reminder.body.reminder_id}`).expect(200);
  });
});
