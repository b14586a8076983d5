import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import { Clock } from '@shared/util';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { type ChatTransaction, publishChatEvents } from '../core/events/chat-event.publisher.js';
import { AlertWordMatcher } from '../alert-words/alert-word-matcher.js';
import { MutedUsersRepository } from '../muted-users/muted-users.repository.js';
import { ChatError, ChatErrorCode } from '../core/http/chat.error.js';
import type { StreamEntity } from '../streams/stream.entity.js';
import { StreamsRepository } from '../streams/streams.repository.js';
import { assertMaySendTo } from '../streams/send-access.js';
import type { UserEntity } from '../core/accounts/user.entity.js';
import { MessageSendLifecycle } from '../core/messages/message-send-lifecycle.js';
import { UsersRepository } from '../users/users.repository.js';
import { directRecipients, streamIndicator } from './message-address.js';
import { flagNames, MessageFlag } from '../core/database/message-flags.js';
import { messageRow, senderRealmStr } from './message.presenter.js';
import { normalizeContent, normalizeTopic } from './message-text.js';
import type { RenderedMessage } from '../markdown/mention-directory.js';
import { MessageRenderer } from '../markdown/message-renderer.js';
import { GroupMentions } from '../user-groups/group-mentions.js';
import { MentionContext } from './mention-context.js';
import { MessagesRepository } from './messages.repository.js';
import { once, type PreparationMemo } from './preparation-memo.js';
import { RecipientType } from './recipient.entity.js';

export interface SendMessageCommand {
  readonly type: 'stream' | 'direct';
  readonly to: string | undefined;
  readonly topic: string | undefined;
  readonly content: string;
  readonly readBySender: boolean | undefined;
  readonly client: string;
  // local_id and queue_id: the sender's queue gets local_message_id in its message event.
  readonly echo?: { readonly localId: string | undefined; readonly senderQueueId: string | undefined };
  // Zulip's skip_stream_access_check: an outgoing-webhook bot answers in the channel it was
  // mentioned in, subscribed or not.
  readonly skipChannelAccessCheck?: boolean;
}

interface Destination {
  readonly recipientType: RecipientType;
  readonly conversationKey: string;
  readonly stream: StreamEntity | null;
  readonly topic: string;
  readonly userIds: number[];
  readonly directUsers: UserEntity[];
}

// A message checked, addressed and rendered, ready to be written.
export interface PreparedMessage {
  readonly caller: ChatCaller;
  readonly command: SendMessageCommand;
  readonly destination: Destination;
  readonly content: string;
  readonly rendered: RenderedMessage;
  readonly topicParticipants: ReadonlySet<number>;
  // Recipients whose copy arrives read: who muted the sender (and a channel notice's creator).
  readonly arrivesRead: ReadonlySet<number>;
  // Recipients with one of their alert words in the message (has_alert_word).
  readonly alerted: ReadonlySet<number>;
}

// A channel message prepared before its channel exists (Zulip's channel creation notice): the
// text is rendered and its readers known; addressToNewChannel completes it in the transaction
// that creates the channel.
export type NewChannelDraft = Omit<PreparedMessage, 'destination' | 'topicParticipants'> & {
  readonly topic: string;
};

// POST /messages: to a channel topic (every active subscriber gets a copy) or to a set of
// users (sender included). The sender's copy is read unless read_by_sender says otherwise;
// mentions set each recipient's flags; every recipient's queues get a `message` event.
@Injectable()
export class SendMessageUseCase {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly users: UsersRepository,
    private readonly streams: StreamsRepository,
    private readonly messages: MessagesRepository,
    private readonly renderer: MessageRenderer,
    private readonly mentions: MentionContext,
    private readonly groupMentions: GroupMentions,
    private readonly mutes: MutedUsersRepository,
    private readonly alertWords: AlertWordMatcher,
    private readonly clock: Clock,
    private readonly lifecycle: MessageSendLifecycle,
  ) {}

  async execute(caller: ChatCaller, command: SendMessageCommand): Promise<{ id: number }> {
    const prepared = await this.prepare(caller, command);
    const [id] = await this.outbox.run((tx) => this.write(tx, [prepared]));
    return { id: id! };
  }

  // Everything but the writes: the checks (a refusal is thrown here), the audience, the
  // rendering and the flags' inputs.
  async prepare(
    caller: ChatCaller,
    command: SendMessageCommand,
    memo: PreparationMemo = new Map(),
  ): Promise<PreparedMessage> {
    const destination =
      command.type === 'stream'
        ? await this.toStream(caller, command, memo)
        : await this.toUsers(caller, command, memo);
    const content = normalizeContent(command.content);
    const rendered = await this.render(caller, content);
    const topicParticipants =
      rendered.mentions.topicWildcard && destination.stream
        ? await this.messages.topicParticipants(
            destination.stream.recipientId,
            destination.topic.toLowerCase(),
          )
        : new Set<number>();
    const arrivesRead = await once(memo, `muters:${caller.user.id}:${destination.conversationKey}`, () =>
      this.mutes.mutersOf(caller.user.id, destination.userIds),
    );
    const alerted = await this.alertWords.alertedUserIds(content, destination.userIds);
    return { caller, command, destination, content, rendered, topicParticipants, arrivesRead, alerted };
  }

  // The message's HTML and mentions. Mentioning a group needs its can_mention_group; its
  // members, through every subgroup, are flagged `mentioned` as if named (Zulip's
  // build_message_send_dict).
  async render(caller: ChatCaller, content: string): Promise<RenderedMessage> {
    const rendered = this.renderer.renderMessage(
      content,
      await this.mentions.directoryFor(caller.realm.id, content),
    );
    const groupIds = [...rendered.mentions.mentionedGroupIds];
    await this.groupMentions.requireMentionable(caller, groupIds);
    for (const userId of await this.groupMentions.members(groupIds))
      rendered.mentions.mentionedUserIds.add(userId);
    return rendered;
  }

  // Before the transaction: a message from the caller to a channel about to be created, for
  // its first subscribers; readers also get it read (as Zulip's do_send_messages(mark_as_read)).
  async draftForNewChannel(
    caller: ChatCaller,
    topic: string,
    content: string,
    subscriberIds: readonly number[],
    readers: readonly number[],
  ): Promise<NewChannelDraft> {
    const [draft] = await this.draftsForNewChannel(caller, topic, [content], subscriberIds, readers);
    return draft!;
  }

  // Drafts for many channels created together (one subscribe request): each distinct text is
  // rendered once and the muters read once, whatever the number of channels.
  async draftsForNewChannel(
    caller: ChatCaller,
    topic: string,
    contents: readonly string[],
    subscriberIds: readonly number[],
    readers: readonly number[],
  ): Promise<NewChannelDraft[]> {
    const command = {
      type: 'stream',
      to: undefined,
      topic,
      readBySender: true,
      client: 'Internal',
    } as const;
    const muters = await this.mutes.mutersOf(caller.user.id, subscriberIds);
    const arrivesRead = new Set([...muters, ...readers]);
    const renderings = new Map<string, RenderedMessage>();
    const alerts = new Map<string, ReadonlySet<number>>();
    const drafts: NewChannelDraft[] = [];
    for (const content of contents) {
      const rendered = renderings.get(content) ?? (await this.render(caller, content));
      renderings.set(content, rendered);
      const alerted = alerts.get(content) ?? (await this.alertWords.alertedUserIds(content, subscriberIds));
      alerts.set(content, alerted);
      drafts.push({
        caller,
        command: { ...command, content },
        topic,
        content,
        rendered,
        arrivesRead,
        alerted,
      });
    }
    return drafts;
  }

  // In the transaction that created the channel: the draft addressed to it, its subscribers and
  // the sender getting copies as any channel message.
  addressToNewChannel(
    draft: NewChannelDraft,
    stream: StreamEntity,
    subscriberIds: readonly number[],
  ): PreparedMessage {
    const { topic, ...message } = draft;
    return {
      ...message,
      destination: {
        recipientType: RecipientType.STREAM,
        conversationKey: `stream:${stream.id}`,
        stream,
        topic,
        userIds: [...new Set([...subscriberIds, draft.caller.user.id])].sort((a, b) => a - b),
        directUsers: [],
      },
      topicParticipants: new Set(),
    };
  }

  // Writes prepared messages in the caller's transaction, a statement for all of them at each
  // step: their ids (in the order given), every recipient's copy, the `message` events.
  async write(tx: ChatTransaction, batch: readonly PreparedMessage[]): Promise<number[]> {
    const recipientIds = await this.recipientsOf(tx, batch);
    const dateSent = this.clock.now();
    const rows = batch.map(({ caller, command, destination, content, rendered }) => ({
      realmId: caller.realm.id,
      senderId: caller.user.id,
      recipientId: recipientIds.get(`${caller.realm.id}:${destination.conversationKey}`)!,
      streamId: destination.stream?.id ?? null,
      topic: destination.topic,
      topicKey: destination.topic.toLowerCase(),
      content,
      renderedContent: rendered.html,
      client: command.client,
      dateSent,
    }));
    const ids = await this.messages.insertMany(tx, rows);
    const deliveries = batch.map((prepared) =>
      prepared.destination.userIds.map((userId) => ({ userId, flags: recipientFlags(userId, prepared) })),
    );
    await this.messages.deliver(
      tx,
      deliveries.flatMap((copies, index) => copies.map((copy) => ({ ...copy, messageId: ids[index]! }))),
    );
    const rowOf = (index: number, applyMarkdown: boolean) => {
      const { caller, destination } = batch[index]!;
      return messageRow(
        { id: ids[index]!, ...rows[index]! },
        {
          sender: caller.user,
          realmStr: senderRealmStr(caller.realm, caller.user.id),
          streamName: destination.stream?.name ?? null,
          directUsers: destination.directUsers,
          reactions: [],
        },
        { applyMarkdown, clientGravatar: false, allowEmptyTopicName: true },
      );
    };
    await publishChatEvents(
      tx,
      batch.map(({ caller, command, destination, content }, index) => ({
        realmId: caller.realm.id,
        userIds: destination.userIds,
        event: { type: 'message', message: rowOf(index, true) },
        flagsByUser: Object.fromEntries(
          deliveries[index]!.map((d) => [String(d.userId), flagNames(d.flags)]),
        ),
        markdown: content,
        ...(destination.stream && !destination.stream.inviteOnly ? { publicChannel: true } : {}),
        ...(command.echo?.localId !== undefined && command.echo.senderQueueId !== undefined
          ? { localId: command.echo.localId, senderQueueId: command.echo.senderQueueId }
          : {}),
      })),
    );
    await this.lifecycle.messagesSent(
      tx,
      batch.map(({ caller, destination, rendered }, index) => ({
        realm: caller.realm,
        sender: caller.user,
        id: ids[index]!,
        isChannelMessage: destination.stream !== null,
        recipientIds: destination.userIds,
        mentionedUserIds: rendered.mentions.mentionedUserIds,
        markdownRow: () => ({ ...rowOf(index, false), rendered_content: rendered.html }),
      })),
    );
    return ids;
  }

  // Each message's recipient row id keyed `<realm>:<conversation>`, two statements per realm
  // (a scheduled batch may span realms).
  private async recipientsOf(
    tx: ChatTransaction,
    batch: readonly PreparedMessage[],
  ): Promise<Map<string, number>> {
    const byRealm = new Map<number, Map<string, PreparedMessage['destination']>>();
    for (const { caller, destination } of batch) {
      const conversations = byRealm.get(caller.realm.id) ?? new Map();
      conversations.set(destination.conversationKey, destination);
      byRealm.set(caller.realm.id, conversations);
    }
    const ids = new Map<string, number>();
    for (const [realmId, conversations] of byRealm) {
      const rows = await this.messages.recipientsFor(
        tx,
        realmId,
        [...conversations.values()].map((destination) => ({
          type: destination.recipientType,
          conversationKey: destination.conversationKey,
          userIds: destination.recipientType === RecipientType.DIRECT ? destination.userIds : [],
        })),
      );
      for (const [key, id] of rows) ids.set(`${realmId}:${key}`, id);
    }
    return ids;
  }

  private async toStream(
    caller: ChatCaller,
    command: SendMessageCommand,
    memo: PreparationMemo,
  ): Promise<Destination> {
    if (command.to === undefined) throw ChatError.badRequest('Missing channel');
    // Zulip's Addressee checks the topic before looking the channel up.
    if (command.topic === undefined) throw ChatError.badRequest('Missing topic');
    const indicator = streamIndicator(command.to);
    const stream = await once(memo, `stream:${caller.realm.id}:${command.to}`, () =>
      'id' in indicator
        ? this.streams.findById(caller.realm.id, indicator.id)
        : this.streams.findByName(caller.realm.id, indicator.name),
    );
    if (!stream) {
      throw 'id' in indicator
        ? new ChatError(
            ChatErrorCode.STREAM_DOES_NOT_EXIST,
            `Channel with ID '${indicator.id}' does not exist`,
            {
              stream_id: indicator.id,
            },
          )
        : new ChatError(ChatErrorCode.STREAM_DOES_NOT_EXIST, `Channel '${indicator.name}' does not exist`, {
            stream: indicator.name,
          });
    }
    if (!command.skipChannelAccessCheck) await assertMaySendTo(this.streams, caller.user, stream);
    const subscribers = await once(memo, `subscribers:${stream.id}`, () =>
      this.streams.subscriberIds(stream.id),
    );
    // The sender keeps a copy of what they sent, subscribed or not.
    const userIds = [...new Set([...subscribers, caller.user.id])].sort((a, b) => a - b);
    return {
      recipientType: RecipientType.STREAM,
      conversationKey: `stream:${stream.id}`,
      stream,
      topic: normalizeTopic(command.topic),
      userIds,
      directUsers: [],
    };
  }

  private async toUsers(
    caller: ChatCaller,
    command: SendMessageCommand,
    memo: PreparationMemo,
  ): Promise<Destination> {
    const recipients = command.to === undefined ? { ids: [] } : directRecipients(command.to);
    const found = await once(memo, `users:${caller.realm.id}:${command.to}`, () =>
      this.resolveUsers(caller, recipients),
    );
    if (found.length === 0) throw ChatError.badRequest('Message must have recipients');
    const directUsers = [caller.user, ...found.filter((user) => user.id !== caller.user.id)];
    const userIds = directUsers.map((user) => user.id).sort((a, b) => a - b);
    return {
      recipientType: RecipientType.DIRECT,
      conversationKey: `dm:${userIds.join(',')}`,
      stream: null,
      topic: '',
      userIds,
      directUsers,
    };
  }

  private async resolveUsers(
    caller: ChatCaller,
    recipients: { ids: number[] } | { emails: string[] },
  ): Promise<UserEntity[]> {
    if ('ids' in recipients) {
      const users = await this.users.findManyByIds(caller.realm.id, recipients.ids);
      const missing = recipients.ids.find((id) => !users.some((user) => user.id === id));
      if (missing !== undefined) throw ChatError.badRequest(`Invalid user ID ${missing}`);
      return requireActive(users);
    }
    const users = await this.users.findManyByEmails(caller.realm.id, recipients.emails);
    const missing = recipients.emails.find(
      (email) => !users.some((user) => user.emailKey === email.toLowerCase()),
    );
    if (missing !== undefined) throw ChatError.badRequest(`Invalid email '${missing}'`);
    return requireActive(users);
  }
}

function requireActive(users: UserEntity[]): UserEntity[] {
  const inactive = users.find((user) => !user.isActive);
  if (inactive) throw ChatError.badRequest(`'${inactive.email}' is no longer using Zulip.`);
  return users;
}

// One recipient's initial flags: read for the sender (and for whoever muted the sender),
// mentioned when named, has_alert_word for their own alert words, channel wildcards for every
// recipient of a channel message, @topic for those who took part in the topic.
function recipientFlags(userId: number, prepared: PreparedMessage): number {
  const { caller, command, destination, rendered, topicParticipants, arrivesRead, alerted } = prepared;
  const mentions = rendered.mentions;
  const isSender = userId === caller.user.id;
  const isStream = destination.stream !== null;
  let flags = 0;
  if (isSender && (command.readBySender ?? true)) flags |= MessageFlag.read;
  // A muted sender's messages arrive read: no unread count, no notification.
  if (arrivesRead.has(userId)) flags |= MessageFlag.read;
  if (mentions.mentionedUserIds.has(userId)) flags |= MessageFlag.mentioned;
  if (alerted.has(userId)) flags |= MessageFlag.has_alert_word;
  if (isStream && mentions.streamWildcard) flags |= MessageFlag.stream_wildcard_mentioned;
  if (isStream && mentions.topicWildcard && (topicParticipants.has(userId) || isSender))
    flags |= MessageFlag.topic_wildcard_mentioned;
  return flags;
}
