import { describe, expect, it } from '@jest/globals';
import type { ChatEventV1 } from '@shared/contracts';
import { EventQueue, type QueueOptions } from './event-queue.js';

const options = (overrides: Partial<QueueOptions> = {}): QueueOptions => ({
  userId: 7,
  realmId: 1,
  eventTypes: null,
  applyMarkdown: false,
  clientGravatar: true,
  allPublicStreams: false,
  narrow: [],
  emptyTopicName: false,
  streamTypingNotifications: false,
  bulkMessageDeletion: false,
  slimPresence: false,
  simplifiedPresenceEvents: false,
  lifespanMs: 600_000,
  ...overrides,
});
const flags = (operation: string, flag: string, messages: number[]) => ({
  type: 'update_message_flags',
  op: operation,
  operation,
  flag,
  messages,
  all: false,
});
const chatEvent = (event: Record<string, unknown>, extra: Partial<ChatEventV1> = {}): ChatEventV1 => ({
  realmId: 1,
  userIds: [7],
  event,
  ...extra,
});
const channelMessage = (topic: string) =>
  chatEvent(
    {
      type: 'message',
      message: {
        id: 3,
        type: 'stream',
        subject: topic,
        display_recipient: 'general',
        sender_email: 'a@x.org',
      },
    },
    { flagsByUser: { '7': ['read'] }, markdown: 'hi' },
  );

describe(EventQueue.name, () => {
  it('merges flag changes of one kind until they are read, in the place of the newest', () => {
    const sut = new EventQueue('q', options(), 0);
    sut.push(flags('add', 'read', [1]));
    sut.push({ type: 'heartbeat' });
    sut.push(flags('add', 'starred', [1]));
    sut.push(flags('add', 'read', [2, 3]));
    expect(sut.contents()).toEqual([
      { id: 1, type: 'heartbeat' },
      { id: 2, ...flags('add', 'starred', [1]) },
      { id: 3, ...flags('add', 'read', [1, 2, 3]) },
    ]);
    sut.push(flags('add', 'read', [4]));
    expect(sut.contents().map((event) => [event.id, event['messages']])).toEqual([
      [1, undefined],
      [2, [1]],
      [3, [1, 2, 3]],
      [4, [4]],
    ]);
  });

  it('never merges marking unread, which carries message details', () => {
    const sut = new EventQueue('q', options(), 0);
    sut.push({ ...flags('remove', 'read', [1]), message_details: {} });
    sut.push({ ...flags('remove', 'read', [2]), message_details: {} });
    expect(sut.contents().map((event) => event['messages'])).toEqual([[1], [2]]);
  });

  it('drops acknowledged events and refuses ids it never held or already dropped', () => {
    const sut = new EventQueue('q', options(), 0);
    expect(sut.acknowledge(-1)).toBe('ok');
    sut.push({ type: 'heartbeat' });
    sut.push({ type: 'heartbeat' });
    expect(sut.acknowledge(0)).toBe('ok');
    expect(sut.contents().map((event) => event.id)).toEqual([1]);
    expect(sut.acknowledge(-1)).toBe('already-pruned');
    expect(sut.acknowledge(5)).toBe('not-in-queue');
  });

  it('shows the empty topic as the display name unless the client handles it', () => {
    const plain = new EventQueue('q', options(), 0);
    const capable = new EventQueue('q', options({ emptyTopicName: true }), 0);
    expect(plain.shape(channelMessage(''))).toMatchObject({
      message: { subject: 'general chat' },
      flags: ['read'],
    });
    expect(capable.shape(channelMessage(''))).toMatchObject({ message: { subject: '' } });
    const typing = chatEvent({
      type: 'typing',
      op: 'start',
      message_type: 'stream',
      stream_id: 4,
      topic: '',
    });
    expect(plain.shape(typing)).toMatchObject({ topic: 'general chat' });
    const unread = chatEvent({
      ...flags('remove', 'read', []),
      message_details: {
        '3': { type: 'stream', stream_id: 4, topic: '' },
        '5': { type: 'private', user_ids: [] },
      },
    });
    expect(plain.shape(unread)['message_details']).toEqual({
      '3': { type: 'stream', stream_id: 4, topic: 'general chat' },
      '5': { type: 'private', user_ids: [] },
    });
  });

  it('splits a deletion per message for clients without bulk_message_deletion, naming the empty topic', () => {
    const deletion = chatEvent({
      type: 'delete_message',
      message_ids: [3, 5],
      stream_id: 4,
      topic: '',
      message_type: 'stream',
    });
    expect(new EventQueue('q', options(), 0).shapeAll(deletion)).toEqual([
      { type: 'delete_message', message_id: 3, stream_id: 4, topic: 'general chat', message_type: 'stream' },
      { type: 'delete_message', message_id: 5, stream_id: 4, topic: 'general chat', message_type: 'stream' },
    ]);
    const bulk = new EventQueue('q', options({ bulkMessageDeletion: true, emptyTopicName: true }), 0);
    expect(bulk.shapeAll(deletion)).toEqual([deletion.event]);
  });

  it('accepts channel typing only from clients that declared it, and messages of its narrow', () => {
    const typing = { type: 'typing', op: 'start', message_type: 'stream', stream_id: 4, topic: 't' };
    expect(new EventQueue('q', options(), 0).accepts(typing)).toBe(false);
    expect(new EventQueue('q', options({ streamTypingNotifications: true }), 0).accepts(typing)).toBe(true);
    const narrowed = new EventQueue(
      'q',
      options({
        narrow: [
          ['channel', 'General'],
          ['topic', 'general chat'],
        ],
      }),
      0,
    );
    expect(narrowed.accepts(narrowed.shape(channelMessage('')))).toBe(true);
    expect(narrowed.accepts(narrowed.shape(channelMessage('other')))).toBe(false);
    expect(narrowed.accepts({ type: 'heartbeat' })).toBe(true);
  });

  it('shapes a presence event to the format each client speaks', () => {
    const website = { client: 'website', status: 'active', timestamp: 1700000000, pushable: false };
    const modern = { active_timestamp: 1700000000, idle_timestamp: 1700000010 };
    const presence = chatEvent({
      type: 'presence',
      user_id: 9,
      email: 'nine@example.com',
      server_timestamp: 1700000010.5,
      legacy_presence: { website },
      modern_presence: modern,
    });
    const legacy = { type: 'presence', user_id: 9, server_timestamp: 1700000010.5, presence: { website } };
    expect(new EventQueue('q', options(), 0).shape(presence)).toEqual({
      ...legacy,
      email: 'nine@example.com',
    });
    expect(new EventQueue('q', options({ slimPresence: true }), 0).shape(presence)).toEqual(legacy);
    const simplified = new EventQueue(
      'q',
      options({ slimPresence: true, simplifiedPresenceEvents: true }),
      0,
    );
    expect(simplified.shape(presence)).toEqual({ type: 'presence', presences: { '9': modern } });
  });
});
