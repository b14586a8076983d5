import { Injectable } from '@nestjs/common';
import type { RealmEntity } from '../core/accounts/realm.entity.js';
import { StreamsRepository } from '../streams/streams.repository.js';
import type { UserEntity } from '../core/accounts/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';
import type { MessageEntity } from './message.entity.js';
import { type MessageContext, senderRealmStr } from './message.presenter.js';
import { reactionRow } from '../reactions/reaction.presenter.js';
import { ReactionsRepository } from '../reactions/reactions.repository.js';
import { MessagesRepository } from './messages.repository.js';

// Loads, in a few queries for a whole page, the senders, channel names, conversation members and
// reactions the messages are shown with.
@Injectable()
export class MessageContextLoader {
  constructor(
    private readonly streams: StreamsRepository,
    private readonly messages: MessagesRepository,
    private readonly users: UsersRepository,
    private readonly reactions: ReactionsRepository,
  ) {}

  async load(
    realm: RealmEntity,
    messages: readonly MessageEntity[],
  ): Promise<(message: MessageEntity) => MessageContext> {
    const streamIds = unique(messages.flatMap((m) => (m.streamId === null ? [] : [m.streamId])));
    const directRecipientIds = unique(messages.filter((m) => m.streamId === null).map((m) => m.recipientId));
    const [streams, recipients, reactions] = await Promise.all([
      this.streams.findManyByIds(realm.id, streamIds),
      this.messages.findRecipientsByIds(realm.id, directRecipientIds),
      this.reactions.reactionsFor(messages.map((m) => m.id)),
    ]);
    const userIds = unique([...messages.map((m) => m.senderId), ...recipients.flatMap((r) => r.userIds)]);
    const users = new Map((await this.users.findManyByIds(realm.id, userIds)).map((user) => [user.id, user]));
    const streamNames = new Map(streams.map((stream) => [stream.id, stream.name]));
    const members = new Map(
      recipients.map((recipient) => [
        recipient.id,
        recipient.userIds.map((id) => users.get(id)).filter(isUser),
      ]),
    );
    return (message) => ({
      sender: users.get(message.senderId)!,
      realmStr: senderRealmStr(realm, message.senderId),
      streamName: message.streamId === null ? null : (streamNames.get(message.streamId) ?? null),
      directUsers: message.streamId === null ? (members.get(message.recipientId) ?? []) : [],
      reactions: (reactions.get(message.id) ?? []).map(reactionRow),
    });
  }
}

function unique(values: readonly number[]): number[] {
  return [...new Set(values)];
}

function isUser(user: UserEntity | undefined): user is UserEntity {
  return user !== undefined;
}
