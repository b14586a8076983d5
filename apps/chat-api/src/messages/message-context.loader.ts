import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import type { RealmEntity } from '../core/accounts/realm.entity.js';
import { StreamEntity } from '../streams/stream.entity.js';
import type { UserEntity } from '../core/accounts/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';
import type { MessageEntity } from './message.entity.js';
import { type MessageContext, senderRealmStr } from './message.presenter.js';
import { RecipientEntity } from './recipient.entity.js';

// Loads, in a few queries for a whole page, the senders, channel names and conversation members
// the messages are shown with.
@Injectable()
export class MessageContextLoader {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
  ) {}

  async load(
    realm: RealmEntity,
    messages: readonly MessageEntity[],
  ): Promise<(message: MessageEntity) => MessageContext> {
    const streamIds = unique(messages.flatMap((m) => (m.streamId === null ? [] : [m.streamId])));
    const directRecipientIds = unique(messages.filter((m) => m.streamId === null).map((m) => m.recipientId));
    const [streams, recipients] = await Promise.all([
      streamIds.length === 0
        ? []
        : this.dataSource.getRepository(StreamEntity).findBy({ realmId: realm.id, id: In(streamIds) }),
      directRecipientIds.length === 0
        ? []
        : this.dataSource
            .getRepository(RecipientEntity)
            .findBy({ realmId: realm.id, id: In(directRecipientIds) }),
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
    });
  }
}

function unique(values: readonly number[]): number[] {
  return [...new Set(values)];
}

function isUser(user: UserEntity | undefined): user is UserEntity {
  return user !== undefined;
}
