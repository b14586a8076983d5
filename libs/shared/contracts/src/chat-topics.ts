// One Zulip event for some users of one realm. Every chat-api replica receives every such
// event (one consumer group per replica) and appends it to the event queues it holds for those
// users, so a client's long poll sees events whichever replica produced them.
export interface ChatEventV1 {
  readonly realmId: number;
  readonly userIds: readonly number[];
  // The event as Zulip clients receive it, without the queue-specific `id`.
  readonly event: Readonly<Record<string, unknown>>;
  // Message events only: each recipient's flag names (Zulip sends `flags` per user).
  readonly flagsByUser?: Readonly<Record<string, readonly string[]>>;
  // Message events only: the message is in a public channel, so queues that read every public
  // channel (all_public_streams, or a narrow) may get it too.
  readonly publicChannel?: boolean;
  // Message events only: the sender's local_id, echoed as local_message_id to the queue that
  // sent it (senderQueueId).
  readonly localId?: string;
  readonly senderQueueId?: string;
  // Message events only: the raw Markdown, for queues registered with apply_markdown=false.
  readonly markdown?: string;
  // When set, the event's `messages` list travels as these runs of consecutive ids ([first,
  // last] pairs, in order, repeats kept) and the consumer expands it: a bulk flag change of
  // thousands of ids costs a few bytes in the outbox, the broker and every replica.
  readonly messageRuns?: ReadonlyArray<readonly [number, number]>;
}

export interface ChatTopics {
  'chat.events.v1': ChatEventV1;
}

export const ChatTopic = {
  Events: 'chat.events.v1',
} as const satisfies Record<string, keyof ChatTopics>;
