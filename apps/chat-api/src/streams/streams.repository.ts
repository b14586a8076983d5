import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import { isStoredId } from '../core/http/stored-id.js';
import { StreamEntity } from './stream.entity.js';
import type { StreamStats } from './stream.presenter.js';
import { SubscriptionEntity } from './subscription.entity.js';

// Channels and their subscriptions, always within one realm.
@Injectable()
export class StreamsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  findById(realmId: number, id: number, unit?: UnitOfWork): Promise<StreamEntity | null> {
    if (!isStoredId(id)) return Promise.resolve(null);
    return entityManagerOf(unit, this.dataSource).getRepository(StreamEntity).findOneBy({ realmId, id });
  }

  findByName(realmId: number, name: string, unit?: UnitOfWork): Promise<StreamEntity | null> {
    return entityManagerOf(unit, this.dataSource)
      .getRepository(StreamEntity)
      .findOneBy({ realmId, nameKey: name.trim().toLowerCase() });
  }

  // Channels named (whatever the case) in one query, for requests that name many.
  findManyByNames(realmId: number, names: readonly string[], unit?: UnitOfWork): Promise<StreamEntity[]> {
    if (names.length === 0) return Promise.resolve([]);
    const keys = [...new Set(names.map((name) => name.trim().toLowerCase()))];
    return entityManagerOf(unit, this.dataSource)
      .getRepository(StreamEntity)
      .findBy({ realmId, nameKey: In(keys) });
  }

  findManyByIds(realmId: number, ids: readonly number[], unit?: UnitOfWork): Promise<StreamEntity[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return entityManagerOf(unit, this.dataSource)
      .getRepository(StreamEntity)
      .findBy({ realmId, id: In(ids) });
  }

  listByRealm(realmId: number): Promise<StreamEntity[]> {
    return this.dataSource.getRepository(StreamEntity).find({ where: { realmId }, order: { id: 'ASC' } });
  }

  insert(unit: UnitOfWork, stream: Omit<StreamEntity, 'id'>): Promise<StreamEntity> {
    const repository = entityManagerOf(unit).getRepository(StreamEntity);
    return repository.save(repository.create(stream));
  }

  async setRecipient(unit: UnitOfWork, id: number, recipientId: number): Promise<void> {
    await entityManagerOf(unit).getRepository(StreamEntity).update({ id }, { recipientId });
  }

  // New channels in one statement; their ids are set on the rows given, in order.
  async insertMany(
    unit: UnitOfWork,
    streams: ReadonlyArray<Omit<StreamEntity, 'id'>>,
  ): Promise<StreamEntity[]> {
    if (streams.length === 0) return [];
    const repository = entityManagerOf(unit).getRepository(StreamEntity);
    const entities = streams.map((stream) => repository.create(stream));
    await repository.insert(entities);
    return entities;
  }

  // Each channel's recipient, in one statement.
  async setRecipients(unit: UnitOfWork, recipients: ReadonlyMap<number, number>): Promise<void> {
    if (recipients.size === 0) return;
    await entityManagerOf(unit).query(
      `UPDATE "chat"."stream" s SET "recipient_id" = r."recipient_id"
       FROM unnest($1::int[], $2::int[]) AS r("id", "recipient_id") WHERE s."id" = r."id"`,
      [[...recipients.keys()], [...recipients.values()]],
    );
  }

  // A channel's settings (PATCH /streams/{stream_id}).
  async updateSettings(
    unit: UnitOfWork,
    stream: StreamEntity,
    changes: Partial<
      Pick<
        StreamEntity,
        'name' | 'nameKey' | 'description' | 'inviteOnly' | 'historyPublicToSubscribers' | 'folderId'
      >
    >,
  ): Promise<void> {
    await entityManagerOf(unit)
      .getRepository(StreamEntity)
      .update({ realmId: stream.realmId, id: stream.id }, changes);
    Object.assign(stream, changes);
  }

  // Every active account of the realm: the audience of public-channel events.
  async archive(unit: UnitOfWork, realmId: number, id: number): Promise<void> {
    await entityManagerOf(unit).getRepository(StreamEntity).update({ realmId, id }, { isArchived: true });
  }

  subscription(userId: number, streamId: number, unit?: UnitOfWork): Promise<SubscriptionEntity | null> {
    return entityManagerOf(unit, this.dataSource)
      .getRepository(SubscriptionEntity)
      .findOneBy({ userId, streamId });
  }

  // Every row (active or not) of these users in these channels, in one query.
  subscriptionsOf(
    userIds: readonly number[],
    streamIds: readonly number[],
    unit?: UnitOfWork,
  ): Promise<SubscriptionEntity[]> {
    if (userIds.length === 0 || streamIds.length === 0) return Promise.resolve([]);
    return entityManagerOf(unit, this.dataSource)
      .getRepository(SubscriptionEntity)
      .findBy({ userId: In([...userIds]), streamId: In([...streamIds]) });
  }

  async subscriberIds(streamId: number, unit?: UnitOfWork): Promise<number[]> {
    const rows = await entityManagerOf(unit, this.dataSource)
      .getRepository(SubscriptionEntity)
      .find({ select: { userId: true }, where: { streamId, active: true }, order: { userId: 'ASC' } });
    return rows.map((row) => row.userId);
  }

  // Each channel's active subscribers, ascending, in one query.
  async subscriberIdsOf(streamIds: readonly number[], unit?: UnitOfWork): Promise<Map<number, number[]>> {
    const subscribers = new Map<number, number[]>(streamIds.map((id) => [id, []]));
    if (streamIds.length === 0) return subscribers;
    const rows = await entityManagerOf(unit, this.dataSource)
      .getRepository(SubscriptionEntity)
      .find({
        select: { userId: true, streamId: true },
        where: { streamId: In([...streamIds]), active: true },
        order: { userId: 'ASC' },
      });
    for (const row of rows) subscribers.get(row.streamId)!.push(row.userId);
    return subscribers;
  }

  // first_message_id and subscriber_count of each channel's row. The first message is one probe
  // of message_recipient_idx (recipient_id, id) per channel, whatever the history's size, and
  // stays right through deletions and moves with nothing to maintain.
  async stats(streams: readonly StreamEntity[], unit?: UnitOfWork): Promise<Map<number, StreamStats>> {
    if (streams.length === 0) return new Map();
    const rows = (await entityManagerOf(unit, this.dataSource).query(
      `SELECT s."id" AS "id",
         (SELECT min(m."id") FROM "chat"."message" m WHERE m."recipient_id" = s."recipient_id") AS "first",
         (SELECT count(*)::int FROM "chat"."subscription" sub
            JOIN "chat"."user_profile" u ON u."id" = sub."user_id"
            WHERE sub."stream_id" = s."id" AND sub."active" AND u."is_active") AS "count"
       FROM "chat"."stream" s WHERE s."id" = ANY($1)`,
      [streams.map((stream) => stream.id)],
    )) as Array<{ id: number; first: number | null; count: number }>;
    return new Map(
      rows.map((row) => [row.id, { firstMessageId: row.first, subscriberCount: Number(row.count) }]),
    );
  }

  // Active and former subscriptions (POST /register lists the latter as `unsubscribed`).
  everSubscribed(userId: number): Promise<SubscriptionEntity[]> {
    return this.dataSource.getRepository(SubscriptionEntity).find({ where: { userId } });
  }

  userSubscriptions(userId: number, unit?: UnitOfWork): Promise<SubscriptionEntity[]> {
    return entityManagerOf(unit, this.dataSource)
      .getRepository(SubscriptionEntity)
      .find({ where: { userId, active: true }, order: { streamId: 'ASC' } });
  }

  // Subscriptions written in one statement (unnest: any number of rows within one parameter
  // list), replacing the rows the users had.
  async upsertSubscriptions(unit: UnitOfWork, subscriptions: readonly SubscriptionEntity[]): Promise<void> {
    if (subscriptions.length === 0) return;
    const column = <K extends keyof SubscriptionEntity>(key: K) => subscriptions.map((row) => row[key]);
    await entityManagerOf(unit).query(
      `INSERT INTO "chat"."subscription" ("user_id", "stream_id", "realm_id", "active", "color", "is_muted", "pin_to_top")
       SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::boolean[], $5::varchar[], $6::boolean[], $7::boolean[])
       ON CONFLICT ("user_id", "stream_id") DO UPDATE SET "realm_id" = EXCLUDED."realm_id",
         "active" = EXCLUDED."active", "color" = EXCLUDED."color", "is_muted" = EXCLUDED."is_muted",
         "pin_to_top" = EXCLUDED."pin_to_top"`,
      [
        column('userId'),
        column('streamId'),
        column('realmId'),
        column('active'),
        column('color'),
        column('isMuted'),
        column('pinToTop'),
      ],
    );
  }

  // New subscriptions in one statement (a new account joining the default channels); rows the
  // user already has are left as they are.
  async insertSubscriptions(unit: UnitOfWork, subscriptions: readonly SubscriptionEntity[]): Promise<void> {
    if (subscriptions.length === 0) return;
    await entityManagerOf(unit)
      .createQueryBuilder()
      .insert()
      .into(SubscriptionEntity)
      .values([...subscriptions])
      .orIgnore()
      .execute();
  }

  async deactivateSubscriptions(
    unit: UnitOfWork,
    pairs: ReadonlyArray<{ userId: number; streamId: number }>,
  ): Promise<void> {
    if (pairs.length === 0) return;
    await entityManagerOf(unit).query(
      `UPDATE "chat"."subscription" s SET "active" = false
       FROM unnest($1::int[], $2::int[]) AS p("user_id", "stream_id")
       WHERE s."user_id" = p."user_id" AND s."stream_id" = p."stream_id"`,
      [pairs.map((pair) => pair.userId), pairs.map((pair) => pair.streamId)],
    );
  }
}
