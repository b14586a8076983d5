import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import { isStoredId } from '../core/http/stored-id.js';
import { MessageEntity } from './message.entity.js';
import { RecipientEntity, RecipientType } from './recipient.entity.js';

export interface Delivery {
  readonly messageId: number;
  readonly userId: number;
  readonly flags: number;
}

@Injectable()
export class MessagesRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  // The recipient rows of conversations, created on first use, in two statements for any
  // number of them; a concurrent creator wins the unique key and its row is read. Keyed by
  // conversation key.
  async recipientsFor(
    unit: UnitOfWork,
    realmId: number,
    conversations: ReadonlyArray<{
      type: RecipientType;
      conversationKey: string;
      userIds: readonly number[];
    }>,
  ): Promise<Map<string, number>> {
    if (conversations.length === 0) return new Map();
    const manager = entityManagerOf(unit);
    const keys = conversations.map((conversation) => conversation.conversationKey);
    await manager.query(
      `INSERT INTO "chat"."recipient" ("realm_id", "type", "conversation_key", "user_ids")
       SELECT $1, c."type", c."conversation_key", c."user_ids"::int[]
       FROM unnest($2::smallint[], $3::varchar[], $4::text[]) AS c("type", "conversation_key", "user_ids")
       ON CONFLICT ("realm_id", "conversation_key") DO NOTHING`,
      [
        realmId,
        conversations.map((conversation) => conversation.type),
        keys,
        // Arrays of differing lengths travel as array literals: unnest cannot take them as one
        // two-dimensional array.
        conversations.map((conversation) => `{${conversation.userIds.join(',')}}`),
      ],
    );
    const rows = await manager
      .getRepository(RecipientEntity)
      .find({ select: { id: true, conversationKey: true }, where: { realmId, conversationKey: In(keys) } });
    return new Map(rows.map((row) => [row.conversationKey, row.id]));
  }

  findRecipientByKey(realmId: number, conversationKey: string): Promise<RecipientEntity | null> {
    return this.dataSource.getRepository(RecipientEntity).findOneBy({ realmId, conversationKey });
  }

  findRecipient(realmId: number, id: number): Promise<RecipientEntity | null> {
    return this.dataSource.getRepository(RecipientEntity).findOneBy({ realmId, id });
  }

  findRecipientsByIds(realmId: number, ids: readonly number[]): Promise<RecipientEntity[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.dataSource.getRepository(RecipientEntity).findBy({ realmId, id: In(ids) });
  }

  // One statement for any number of messages; their ids in the order given. The rows are
  // inserted in that order, so their identity values ascend with it.
  async insertMany(unit: UnitOfWork, messages: ReadonlyArray<Omit<MessageEntity, 'id'>>): Promise<number[]> {
    const column = <K extends keyof Omit<MessageEntity, 'id'>>(key: K) => messages.map((m) => m[key]);
    const rows = (await entityManagerOf(unit).query(
      `INSERT INTO "chat"."message" ("realm_id", "sender_id", "recipient_id", "stream_id", "topic", "topic_key",
                                     "content", "rendered_content", "client", "date_sent")
       SELECT m."realm_id", m."sender_id", m."recipient_id", m."stream_id", m."topic", m."topic_key",
              m."content", m."rendered_content", m."client", m."date_sent"
       FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::varchar[], $6::varchar[], $7::text[],
                   $8::text[], $9::varchar[], $10::timestamptz[])
            WITH ORDINALITY AS m("realm_id", "sender_id", "recipient_id", "stream_id", "topic", "topic_key",
                                 "content", "rendered_content", "client", "date_sent", "position")
       ORDER BY m."position"
       RETURNING "id"`,
      [
        column('realmId'),
        column('senderId'),
        column('recipientId'),
        column('streamId'),
        column('topic'),
        column('topicKey'),
        column('content'),
        column('renderedContent'),
        column('client'),
        column('dateSent'),
      ],
    )) as Array<{ id: number }>;
    return rows.map((row) => row.id).sort((a, b) => a - b);
  }

  // One statement for every recipient's copy of any number of messages.
  async deliver(unit: UnitOfWork, deliveries: readonly Delivery[]): Promise<void> {
    if (deliveries.length === 0) return;
    await entityManagerOf(unit).query(
      `INSERT INTO "chat"."user_message" ("user_id", "message_id", "flags")
       SELECT * FROM unnest($1::int[], $2::int[], $3::int[])`,
      [deliveries.map((d) => d.userId), deliveries.map((d) => d.messageId), deliveries.map((d) => d.flags)],
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

  // The flags of the user's copy of the message, or null when they did not receive it.
  async copyFlags(userId: number, messageId: number): Promise<number | null> {
    const [copy] = (await this.dataSource.query(
      'SELECT "flags" FROM "chat"."user_message" WHERE "user_id" = $1 AND "message_id" = $2',
      [userId, messageId],
    )) as Array<{ flags: number }>;
    return copy ? copy.flags : null;
  }

  findById(realmId: number, id: number): Promise<MessageEntity | null> {
    if (!isStoredId(id)) return Promise.resolve(null);
    return this.dataSource.getRepository(MessageEntity).findOneBy({ realmId, id });
  }
}
