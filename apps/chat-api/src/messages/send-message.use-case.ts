import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '@shared/util';
import type { ChatCaller } from '../auth/chat-caller.js';
import { ChatError, ChatErrorCode } from '../request/chat.error.js';
import type { StreamEntity } from '../streams/stream.entity.js';
import { StreamsRepository } from '../streams/streams.repository.js';
import { isAdministrator } from '../users/user.presenter.js';
import type { UserEntity } from '../users/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';
import { directRecipients, streamIndicator } from './message-address.js';
import { MessageFlag } from './message-flags.js';
import { normalizeContent, normalizeTopic } from './message-text.js';
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
}

// POST /messages: to a channel topic (every active subscriber gets a copy) or to a set of
// users (sender included). The sender's copy is read unless read_by_sender says otherwise.
@Injectable()
export class SendMessageUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly streams: StreamsRepository,
    private readonly messages: MessagesRepository,
    private readonly renderer: MessageRenderer,
    private readonly clock: Clock,
  ) {}

  async execute(caller: ChatCaller, command: SendMessageCommand): Promise<{ id: number }> {
    const destination =
      command.type === 'stream' ? await this.toStream(caller, command) : await this.toUsers(caller, command);
    const content = normalizeContent(command.content);
    const renderedContent = this.renderer.render(content);
    return this.dataSource.transaction(async (manager) => {
      const recipient = await this.messages.recipientFor(
        manager,
        caller.realm.id,
        destination.recipientType,
        destination.conversationKey,
        destination.recipientType === RecipientType.DIRECT ? destination.userIds : [],
      );
      const message = await this.messages.insert(manager, {
        realmId: caller.realm.id,
        senderId: caller.user.id,
        recipientId: recipient.id,
        streamId: destination.stream?.id ?? null,
        topic: destination.topic,
        topicKey: destination.topic.toLowerCase(),
        content,
        renderedContent,
        client: command.client,
        dateSent: this.clock.now(),
      });
      const readBySender = command.readBySender ?? true;
      await this.messages.deliver(
        manager,
        message.id,
        destination.userIds.map((userId) => ({
          userId,
          flags: userId === caller.user.id && readBySender ? MessageFlag.read : 0,
        })),
      );
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
    };
  }

  private async toUsers(caller: ChatCaller, command: SendMessageCommand): Promise<Destination> {
    const recipients = command.to === undefined ? { ids: [] } : directRecipients(command.to);
    const found = await this.resolveUsers(caller, recipients);
    if (found.length === 0) throw ChatError.badRequest('Message must have recipients');
    const userIds = [...new Set([caller.user.id, ...found.map((user) => user.id)])].sort((a, b) => a - b);
    return {
      recipientType: RecipientType.DIRECT,
      conversationKey: `dm:${userIds.join(',')}`,
      stream: null,
      topic: '',
      userIds,
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
