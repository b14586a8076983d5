import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { MessageEntity } from './message.entity.js';
import { RecipientEntity, RecipientType } from './recipient.entity.js';

export interface Delivery {
  readonly userId: number;
  readonly flags: number;
}

@Injectable()
export class MessagesRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  // The recipient row of a conversation, created on first use; a concurrent creator wins the
  // unique key and this call reads its row.
  async recipientFor(
    manager: EntityManager,
    realmId: number,
    type: RecipientType,
    conversationKey: string,
    userIds: readonly number[],
  ): Promise<RecipientEntity> {
    await manager.query(
      `INSERT INTO "chat"."recipient" ("realm_id", "type", "conversation_key", "user_ids") VALUES ($1, $2, $3, $4)
       ON CONFLICT ("realm_id", "conversation_key") DO NOTHING`,
      [realmId, type, conversationKey, userIds],
    );
    return manager.getRepository(RecipientEntity).findOneByOrFail({ realmId, conversationKey });
  }

  findRecipientByKey(realmId: number, conversationKey: string): Promise<RecipientEntity | null> {
    return this.dataSource.getRepository(RecipientEntity).findOneBy({ realmId, conversationKey });
  }

  findRecipient(realmId: number, id: number): Promise<RecipientEntity | null> {
    return this.dataSource.getRepository(RecipientEntity).findOneBy({ realmId, id });
  }

  insert(manager: EntityManager, message: Omit<MessageEntity, 'id'>): Promise<MessageEntity> {
    const repository = manager.getRepository(MessageEntity);
    return repository.save(repository.create(message));
  }

  // One statement for every recipient's copy, however many subscribers a channel has.
  async deliver(manager: EntityManager, messageId: number, deliveries: readonly Delivery[]): Promise<void> {
    if (deliveries.length === 0) return;
    await manager.query(
      `INSERT INTO "chat"."user_message" ("user_id", "message_id", "flags")
       SELECT "user_id", $1, "flags" FROM unnest($2::int[], $3::int[]) AS d("user_id", "flags")`,
      [messageId, deliveries.map((d) => d.userId), deliveries.map((d) => d.flags)],
    );
  }

  // Who has sent a message to this channel topic (the audience of @topic).
  async topicParticipants(recipientId: number, topicKey: string): Promise<Set<number>> {
    const rows = (await this.dataSource.query(
      'SELECT DISTINCT "sender_id" FROM "chat"."message" WHERE "recipient_id" = $1 AND "topic_key" = $2',
      [recipientId, topicKey],
    )) as Array<{ sender_id: number }>;
    return new Set(rows.map((row) => row.sender_id));
  }

  findById(realmId: number, id: number): Promise<MessageEntity | null> {
    return this.dataSource.getRepository(MessageEntity).findOneBy({ realmId, id });
  }
}
