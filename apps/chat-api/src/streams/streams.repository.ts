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

  async subscriberIds(streamId: number, unit?: UnitOfWork): Promise<number[]> {
    const rows = await entityManagerOf(unit, this.dataSource)
      .getRepository(SubscriptionEntity)
      .find({ select: { userId: true }, where: { streamId, active: true }, order: { userId: 'ASC' } });
    return rows.map((row) => row.userId);
  }

  // first_message_id and subscriber_count of each channel's row.
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

  async upsertSubscription(unit: UnitOfWork, subscription: SubscriptionEntity): Promise<void> {
    await entityManagerOf(unit)
      .getRepository(SubscriptionEntity)
      .upsert(subscription, { conflictPaths: ['userId', 'streamId'], skipUpdateIfNoValuesChanged: true });
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

  async deactivateSubscription(unit: UnitOfWork, userId: number, streamId: number): Promise<void> {
    await entityManagerOf(unit)
      .getRepository(SubscriptionEntity)
      .update({ userId, streamId }, { active: false });
  }
}
