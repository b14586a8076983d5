import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import { UserTopicEntity } from './user-topic.entity.js';

export interface UserTopicRow {
  readonly streamId: number;
  readonly streamName: string;
  readonly topicName: string;
  readonly visibilityPolicy: number;
  readonly lastUpdated: Date;
}

// A user's topic visibility policies, always scoped by the user's realm.
@Injectable()
export class UserTopicsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  find(unit: UnitOfWork, realmId: number, userId: number, streamId: number, topicName: string) {
    return entityManagerOf(unit)
      .getRepository(UserTopicEntity)
      .findOneBy({ realmId, userId, streamId, topicKey: topicName.toLowerCase() });
  }

  // Sets the policy; a topic the user already has keeps the name it was first given (Zulip's
  // upsert on the upper-cased name).
  async upsert(
    unit: UnitOfWork,
    row: Pick<
      UserTopicEntity,
      'realmId' | 'userId' | 'streamId' | 'topicName' | 'visibilityPolicy' | 'lastUpdated'
    >,
  ): Promise<void> {
    await entityManagerOf(unit).query(
      `INSERT INTO "chat"."user_topic"
         ("realm_id", "user_id", "stream_id", "topic_name", "topic_key", "visibility_policy", "last_updated")
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT ("user_id", "stream_id", "topic_key")
       DO UPDATE SET "visibility_policy" = EXCLUDED."visibility_policy", "last_updated" = EXCLUDED."last_updated"`,
      [
        row.realmId,
        row.userId,
        row.streamId,
        row.topicName,
        row.topicName.toLowerCase(),
        row.visibilityPolicy,
        row.lastUpdated,
      ],
    );
  }

  async remove(unit: UnitOfWork, id: number): Promise<void> {
    await entityManagerOf(unit).getRepository(UserTopicEntity).delete({ id });
  }

  // The user's policies in channels that are not archived, in the order they were first set
  // (Zulip's get_user_topics); `policy` keeps one kind only.
  async list(realmId: number, userId: number, policy?: number, unit?: UnitOfWork): Promise<UserTopicRow[]> {
    return (await entityManagerOf(unit, this.dataSource).query(
      `SELECT ut."stream_id" AS "streamId", s."name" AS "streamName", ut."topic_name" AS "topicName",
              ut."visibility_policy" AS "visibilityPolicy", ut."last_updated" AS "lastUpdated"
         FROM "chat"."user_topic" ut JOIN "chat"."stream" s ON s."id" = ut."stream_id"
        WHERE ut."realm_id" = $1 AND ut."user_id" = $2 AND NOT s."is_archived"
          AND ($3::int IS NULL OR ut."visibility_policy" = $3)
        ORDER BY ut."id"`,
      [realmId, userId, policy ?? null],
    )) as UserTopicRow[];
  }
}
