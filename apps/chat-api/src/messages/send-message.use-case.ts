import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import { Clock } from '@shared/util';
import type { ChatCaller } from '../auth/chat-caller.js';
import { type ChatTransaction, publishChatEvent } from '../events/chat-event.publisher.js';
import { MutedUsersRepository } from '../muted-users/muted-users.repository.js';
import { ChatError, ChatErrorCode } from '../request/chat.error.js';
import type { StreamEntity } from '../streams/stream.entity.js';
import { StreamsRepository } from '../streams/streams.repository.js';
import { isAdministrator } from '../users/user.presenter.js';
import type { UserEntity } from '../users/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';
import { directRecipients, streamIndicator } from './message-address.js';
import { flagNames, MessageFlag } from './message-flags.js';
import { messageRow, realmStr } from './message.presenter.js';
import { normalizeContent, normalizeTopic } from './message-text.js';
import type { MentionOutcome } from './markdown/mention-directory.js';
import { MentionLookup } from './markdown/mention-lookup.js';
import { MessageRenderer } from './markdown/message-renderer.js';
import { MessagesRepository } from './messages.repository.js';
import { RecipientType } from './recipient.entity.js';

export interface SendMessageCommand {
  readonly type: 'stream' | 'direct';
  readonly to: string | undefined;
  readonly topic: string | undefined;
  readonly content: string;
  readonly readBySender: boolean | undefined;
  readonly client: string;
}

interface Destination {
  readonly recipientType: RecipientType;
  readonly conversationKey: string;
  readonly stream: StreamEntity | null;
  readonly topic: string;
  readonly userIds: number[];
  readonly directUsers: UserEntity[];
}

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
    private readonly mentions: MentionLookup,
    private readonly mutes: MutedUsersRepository,
    private readonly clock: Clock,
  ) {}

  // `alsoInTransaction` commits with the message (the scheduled-delivery worker marks its row
  // delivered there, so a message is never sent twice).
  async execute(
    caller: ChatCaller,
    command: SendMessageCommand,
    alsoInTransaction?: (tx: ChatTransaction, messageId: number) => Promise<void>,
  ): Promise<{ id: number }> {
    const destination =
      command.type === 'stream' ? await this.toStream(caller, command) : await this.toUsers(caller, command);
    const content = normalizeContent(command.content);
    const rendered = this.renderer.renderMessage(
      content,
      await this.mentions.directoryFor(caller.realm.id, content),
    );
    const topicParticipants =
      rendered.mentions.topicWildcard && destination.stream
        ? await this.messages.topicParticipants(
            destination.stream.recipientId,
            destination.topic.toLowerCase(),
          )
        : new Set<number>();
    const muters = await this.mutes.mutersOf(caller.user.id, destination.userIds);
    return this.outbox.run(async (tx) => {
      const recipient = await this.messages.recipientFor(
        tx.manager,
        caller.realm.id,
        destination.recipientType,
        destination.conversationKey,
        destination.recipientType === RecipientType.DIRECT ? destination.userIds : [],
      );
      const message = await this.messages.insert(tx.manager, {
        realmId: caller.realm.id,
        senderId: caller.user.id,
        recipientId: recipient.id,
        streamId: destination.stream?.id ?? null,
        topic: destination.topic,
        topicKey: destination.topic.toLowerCase(),
        content,
        renderedContent: rendered.html,
        client: command.client,
        dateSent: this.clock.now(),
      });
      const flagsOf = (userId: number) =>
        recipientFlags(userId, {
          isSender: userId === caller.user.id,
          readBySender: command.readBySender ?? true,
          isStream: destination.stream !== null,
          mentions: rendered.mentions,
          topicParticipant: topicParticipants.has(userId) || userId === caller.user.id,
          mutedSender: muters.has(userId),
        });
      const deliveries = destination.userIds.map((userId) => ({ userId, flags: flagsOf(userId) }));
      await this.messages.deliver(tx.manager, message.id, deliveries);
      await publishChatEvent(tx, {
        realmId: caller.realm.id,
        userIds: destination.userIds,
        event: {
          type: 'message',
          message: messageRow(
            message,
            {
              sender: caller.user,
              realmStr: realmStr(caller.realm.host),
              streamName: destination.stream?.name ?? null,
              directUsers: destination.directUsers,
            },
            { applyMarkdown: true, clientGravatar: false, allowEmptyTopicName: true },
          ),
        },
        flagsByUser: Object.fromEntries(deliveries.map((d) => [String(d.userId), flagNames(d.flags)])),
        markdown: content,
      });
      await alsoInTransaction?.(tx, message.id);
      return { id: message.id };
    });
  }

  private async toStream(caller: ChatCaller, command: SendMessageCommand): Promise<Destination> {
    if (command.to === undefined) throw ChatError.badRequest('Missing channel');
    const indicator = streamIndicator(command.to);
    const stream =
      'id' in indicator
        ? await this.streams.findById(caller.realm.id, indicator.id)
        : await this.streams.findByName(caller.realm.id, indicator.name);
    if (!stream || stream.isArchived) {
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
    if (stream.inviteOnly && !isAdministrator(caller.user)) {
      const subscription = await this.streams.subscription(caller.user.id, stream.id);
      if (!subscription?.active)
        throw ChatError.badRequest(`Not authorized to send to channel '${stream.name}'`);
    }
    if (command.topic === undefined) throw ChatError.badRequest('Missing topic');
    const subscribers = await this.streams.subscriberIds(stream.id);
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

  private async toUsers(caller: ChatCaller, command: SendMessageCommand): Promise<Destination> {
    const recipients = command.to === undefined ? { ids: [] } : directRecipients(command.to);
    const found = await this.resolveUsers(caller, recipients);
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

interface RecipientFacts {
  readonly isSender: boolean;
  readonly readBySender: boolean;
  readonly isStream: boolean;
  readonly mentions: MentionOutcome;
  readonly topicParticipant: boolean;
  readonly mutedSender: boolean;
}

// One recipient's initial flags: read for the sender (and for whoever muted the sender), mentioned when named, channel wildcards
// for every recipient of a channel message, @topic for those who took part in the topic.
function recipientFlags(userId: number, facts: RecipientFacts): number {
  let flags = 0;
  if (facts.isSender && facts.readBySender) flags |= MessageFlag.read;
  // A muted sender's messages arrive read: no unread count, no notification.
  if (facts.mutedSender) flags |= MessageFlag.read;
  if (facts.mentions.mentionedUserIds.has(userId)) flags |= MessageFlag.mentioned;
  if (facts.isStream && facts.mentions.streamWildcard) flags |= MessageFlag.stream_wildcard_mentioned;
  if (facts.isStream && facts.mentions.topicWildcard && facts.topicParticipant)
    flags |= MessageFlag.topic_wildcard_mentioned;
  return flags;
}
