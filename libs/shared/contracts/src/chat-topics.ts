// One Zulip event for some users of one realm. Every chat-api replica receives every such
// event (one consumer group per replica) and appends it to the event queues it holds for those
// users, so a client's long poll sees events whichever replica produced them.
export interface ChatEventV1 {
  readonly realmId: number;
  readonly userIds: readonly number[];
  // The event as Zulip clients receive it, without the queue-specific `id`.
  readonly event: Readonly<Record<string, unknown>>;
  // Message and update_message events: each recipient's flag names (Zulip sends `flags` per user).
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

// The message that triggered an outgoing-webhook bot, as much of it as its answer needs: where
// to post the reply (channel and topic, or the conversation's users) and the link to the message.
export interface TriggeringMessageV1 {
  readonly id: number;
  readonly type: 'stream' | 'private';
  readonly stream_id?: number;
  // The channel's name, or the conversation's users.
  readonly display_recipient: string | ReadonlyArray<{ readonly id: number; readonly email: string }>;
  readonly subject: string;
}

// chat-api asks webhook-dispatcher to POST a message that triggered an outgoing-webhook bot to
// the bot's service. The request is complete (URL, headers, body): the dispatcher only carries
// it, with retries. `trigger` goes back untouched in the completed event. Keyed by bot.
export interface OutgoingWebhookRequestedV1 {
  // One per (message, bot): the dispatcher calls at most once per id.
  readonly requestId: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly trigger: OutgoingWebhookTriggerV1;
}

export interface OutgoingWebhookTriggerV1 {
  readonly realmId: number;
  readonly botUserId: number;
  // 1 Zulip's format, 2 Slack-compatible: how to read the answer.
  readonly interface: number;
  readonly message: TriggeringMessageV1;
}

// How the call ended: the service answered (any status), could not be reached after every
// retry (each attempt limited to timeoutMs, Zulip's 10 s by default), or its URL was refused
// (private, loopback, link-local or special-purpose and not allow-listed).
export type OutgoingWebhookOutcomeV1 =
  | { readonly kind: 'response'; readonly status: number; readonly body: string }
  | { readonly kind: 'timeout'; readonly timeoutMs: number; readonly attempts: number }
  | { readonly kind: 'connection_error'; readonly attempts: number }
  | { readonly kind: 'refused' };

export interface OutgoingWebhookCompletedV1 {
  readonly requestId: string;
  readonly trigger: OutgoingWebhookTriggerV1;
  readonly outcome: OutgoingWebhookOutcomeV1;
}

export interface ChatTopics {
  'chat.events.v1': ChatEventV1;
  'chat.outgoing-webhook.requested.v1': OutgoingWebhookRequestedV1;
  'chat.outgoing-webhook.completed.v1': OutgoingWebhookCompletedV1;
}

export const ChatTopic = {
  Events: 'chat.events.v1',
  OutgoingWebhookRequested: 'chat.outgoing-webhook.requested.v1',
  OutgoingWebhookCompleted: 'chat.outgoing-webhook.completed.v1',
} as const satisfies Record<string, keyof ChatTopics>;
