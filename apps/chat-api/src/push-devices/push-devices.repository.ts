import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import { PushDeviceEntity, type PushDeviceStatus } from './push-device.entity.js';
import { PushDeviceTokenEntity, type PushTokenKind } from './push-device-token.entity.js';

export type NewPushDevice = Pick<
  PushDeviceEntity,
  | 'realmId'
  | 'userId'
  | 'pushAccountId'
  | 'tokenKind'
  | 'pushPublicKeySealed'
  | 'bouncerPublicKey'
  | 'encryptedPushRegistrationSealed'
  | 'registeredAt'
>;

export type NewPushToken = Pick<
  PushDeviceTokenEntity,
  'realmId' | 'userId' | 'kind' | 'tokenHash' | 'tokenSealed' | 'iosAppId'
>;

// A user's registered phones, both generations; always looked up through their user.
@Injectable()
export class PushDevicesRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  findDevice(unit: UnitOfWork, userId: number, pushAccountId: string): Promise<PushDeviceEntity | null> {
    return entityManagerOf(unit)
      .getRepository(PushDeviceEntity)
      .findOne({ where: { userId, pushAccountId }, lock: { mode: 'pessimistic_write' } });
  }

  // A new registration, or a new attempt for one that failed: pending again, error cleared.
  async savePending(unit: UnitOfWork, device: NewPushDevice): Promise<number> {
    const [row] = (await entityManagerOf(unit).query(
      `INSERT INTO "chat"."push_device" ("realm_id", "user_id", "push_account_id", "token_kind",
              "push_public_key_sealed", "bouncer_public_key", "encrypted_push_registration_sealed",
              "status", "error_code", "bouncer_device_id", "registered_at")
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', NULL, NULL, $8)
       ON CONFLICT ("user_id", "push_account_id") DO UPDATE SET
              "token_kind" = EXCLUDED."token_kind", "push_public_key_sealed" = EXCLUDED."push_public_key_sealed",
              "bouncer_public_key" = EXCLUDED."bouncer_public_key",
              "encrypted_push_registration_sealed" = EXCLUDED."encrypted_push_registration_sealed",
              "status" = 'pending', "error_code" = NULL, "bouncer_device_id" = NULL,
              "registered_at" = EXCLUDED."registered_at"
       RETURNING "id"`,
      [
        device.realmId,
        device.userId,
        device.pushAccountId,
        device.tokenKind,
        device.pushPublicKeySealed,
        device.bouncerPublicKey,
        device.encryptedPushRegistrationSealed,
        device.registeredAt,
      ],
    )) as Array<{ id: number }>;
    return row!.id;
  }

  deviceById(id: number): Promise<PushDeviceEntity | null> {
    return this.dataSource.getRepository(PushDeviceEntity).findOneBy({ id });
  }

  // Settles the registration attempt that began at `registeredAt`; false when the device was
  // registered again meanwhile (that attempt settles it).
  async settle(
    unit: UnitOfWork,
    device: Pick<PushDeviceEntity, 'id' | 'registeredAt'>,
    outcome: {
      status: Exclude<PushDeviceStatus, 'pending'>;
      errorCode: string | null;
      bouncerDeviceId: string | null;
    },
  ): Promise<boolean> {
    const result = await entityManagerOf(unit)
      .createQueryBuilder()
      .update(PushDeviceEntity)
      .set(outcome)
      .where(`id = :id AND status = 'pending' AND registered_at = :at`, {
        id: device.id,
        at: device.registeredAt,
      })
      .execute();
    return result.affected === 1;
  }

  devicesOf(userId: number): Promise<PushDeviceEntity[]> {
    return this.dataSource.getRepository(PushDeviceEntity).find({ where: { userId }, order: { id: 'ASC' } });
  }

  // True when the token is new for the user.
  async addToken(unit: UnitOfWork, token: NewPushToken): Promise<number | null> {
    const result = await entityManagerOf(unit)
      .createQueryBuilder()
      .insert()
      .into(PushDeviceTokenEntity)
      .values(token)
      .orIgnore()
      .returning(['id'])
      .execute();
    const inserted = result.raw as Array<{ id: number }>;
    return inserted[0]?.id ?? null;
  }

  async removeToken(
    unit: UnitOfWork,
    userId: number,
    kind: PushTokenKind,
    tokenHash: string,
  ): Promise<boolean> {
    const result = await entityManagerOf(unit)
      .getRepository(PushDeviceTokenEntity)
      .delete({ userId, kind, tokenHash });
    return (result.affected ?? 0) > 0;
  }

  // Deletes the user's legacy tokens, answering them.
  async takeTokens(
    unit: UnitOfWork,
    userId: number,
  ): Promise<Array<Pick<PushDeviceTokenEntity, 'kind' | 'tokenSealed'>>> {
    const [rows] = (await entityManagerOf(unit).query(
      `DELETE FROM "chat"."push_device_token" WHERE "user_id" = $1 RETURNING "kind", "token_sealed" AS "tokenSealed"`,
      [userId],
    )) as [Array<Pick<PushDeviceTokenEntity, 'kind' | 'tokenSealed'>>, number];
    return rows;
  }

  tokenById(id: number): Promise<PushDeviceTokenEntity | null> {
    return this.dataSource.getRepository(PushDeviceTokenEntity).findOneBy({ id });
  }

  tokensOf(userId: number): Promise<PushDeviceTokenEntity[]> {
    return this.dataSource
      .getRepository(PushDeviceTokenEntity)
      .find({ where: { userId }, order: { id: 'ASC' } });
  }

  // Those of `userIds` with at least one legacy token: the users a notification can reach.
  async usersWithTokens(unit: UnitOfWork, userIds: readonly number[]): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const rows = (await entityManagerOf(unit).query(
      `SELECT DISTINCT "user_id" FROM "chat"."push_device_token" WHERE "user_id" = ANY($1::int[])`,
      [userIds],
    )) as Array<{ user_id: number }>;
    return new Set(rows.map((row) => row.user_id));
  }

  // Tokens the bouncer reported gone (the app was uninstalled): Zulip deletes them everywhere.
  async forgetTokens(kind: PushTokenKind, tokenHashes: readonly string[]): Promise<void> {
    if (tokenHashes.length === 0) return;
    await this.dataSource
      .getRepository(PushDeviceTokenEntity)
      .delete({ kind, tokenHash: In([...tokenHashes]) });
  }
}
