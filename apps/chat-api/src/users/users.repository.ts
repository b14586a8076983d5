import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import type { ChatTransaction } from '../core/events/chat-event.publisher.js';
import { isStoredId } from '../core/http/stored-id.js';
import { UserEntity } from '../core/accounts/user.entity.js';

export type NewUser = Omit<UserEntity, 'id'>;

// Every lookup but the API-key one is scoped by realm: another realm's user id finds nothing.
@Injectable()
export class UsersRepository {
  // Counts the changes made to accounts through this repository: whoever keeps accounts in
  // memory (the authenticator) drops them when it moves, so this process's own changes show at
  // once. New accounts need not count: nobody holds them yet.
  private writes = 0;

  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  get version(): number {
    return this.writes;
  }

  // The realm's active accounts: who hears of a change to the realm's users.
  async realmUserIds(realmId: number, unit?: UnitOfWork): Promise<number[]> {
    const rows = (await entityManagerOf(unit, this.dataSource).query(
      'SELECT "id" FROM "chat"."user_profile" WHERE "realm_id" = $1 AND "is_active" ORDER BY "id"',
      [realmId],
    )) as Array<{ id: number }>;
    return rows.map((row) => row.id);
  }

  // The realm's active human administrators, and `alsoId` when active: who hears of a bot's
  // changes (Zulip's bot_owner_user_ids for a bot without private streams, `alsoId` its owner).
  async humanAdministratorIds(realmId: number, alsoId: number | null, unit?: UnitOfWork): Promise<number[]> {
    const rows = (await entityManagerOf(unit, this.dataSource).query(
      `SELECT "id" FROM "chat"."user_profile" WHERE "realm_id" = $1 AND "is_active" AND "bot_type" IS NULL
         AND ("role" IN (100, 200) OR "id" = $2) ORDER BY "id"`,
      [realmId, alsoId],
    )) as Array<{ id: number }>;
    return rows.map((row) => row.id);
  }

  // The active bots a user owns (deactivated with them).
  activeBotsOwnedBy(realmId: number, ownerId: number, unit: UnitOfWork): Promise<UserEntity[]> {
    return entityManagerOf(unit)
      .getRepository(UserEntity)
      .find({ where: { realmId, botOwnerId: ownerId, isActive: true }, order: { id: 'ASC' } });
  }

  // The realm's active human owners (Zulip's get_human_owner_users), read in the change's
  // transaction so two demotions cannot both see another owner.
  async activeHumanOwnerIds(realmId: number, unit: UnitOfWork): Promise<number[]> {
    const rows = (await entityManagerOf(unit).query(
      `SELECT "id" FROM "chat"."user_profile"
        WHERE "realm_id" = $1 AND "is_active" AND "bot_type" IS NULL AND "role" = 100 ORDER BY "id"`,
      [realmId],
    )) as Array<{ id: number }>;
    return rows.map((row) => row.id);
  }

  // Activates or deactivates accounts in one statement.
  async setActive(
    tx: ChatTransaction,
    realmId: number,
    ids: readonly number[],
    isActive: boolean,
  ): Promise<void> {
    this.writes += 1;
    await entityManagerOf(tx)
      .getRepository(UserEntity)
      .update({ realmId, id: In([...ids]) }, { isActive });
    tx.afterCommit(() => (this.writes += 1));
  }

  // The realm's system bot (the Notification Bot), or undefined when there is no such realm.
  async realmSystemBotId(realmId: number): Promise<number | null | undefined> {
    if (!isStoredId(realmId)) return undefined;
    const [row] = (await this.dataSource.query(
      'SELECT "notification_bot_id" AS "botId" FROM "chat"."realm" WHERE "id" = $1',
      [realmId],
    )) as Array<{ botId: number | null }>;
    return row ? row.botId : undefined;
  }

  // The id of the newest message the user received, or null when none.
  async maxReceivedMessageId(userId: number): Promise<number | null> {
    const [row] = (await this.dataSource.query(
      'SELECT max("message_id") AS "max" FROM "chat"."user_message" WHERE "user_id" = $1',
      [userId],
    )) as Array<{ max: number | null }>;
    return row?.max ?? null;
  }

  // API keys are unique across realms; the owner's realm comes with the row.
  findByApiKeyHash(apiKeyHash: string): Promise<UserEntity | null> {
    return this.dataSource.getRepository(UserEntity).findOneBy({ apiKeyHash });
  }

  findById(realmId: number, id: number, unit?: UnitOfWork): Promise<UserEntity | null> {
    if (!isStoredId(id)) return Promise.resolve(null);
    return entityManagerOf(unit, this.dataSource).getRepository(UserEntity).findOneBy({ realmId, id });
  }

  findByEmail(realmId: number, email: string, unit?: UnitOfWork): Promise<UserEntity | null> {
    return entityManagerOf(unit, this.dataSource)
      .getRepository(UserEntity)
      .findOneBy({ realmId, emailKey: email.trim().toLowerCase() });
  }

  // Every realm's account with this email (login without a realm host).
  findAllByEmail(email: string): Promise<UserEntity[]> {
    return this.dataSource.getRepository(UserEntity).findBy({ emailKey: email.trim().toLowerCase() });
  }

  findManyByIds(realmId: number, ids: readonly number[], unit?: UnitOfWork): Promise<UserEntity[]> {
    const stored = ids.filter(isStoredId);
    if (stored.length === 0) return Promise.resolve([]);
    return entityManagerOf(unit, this.dataSource)
      .getRepository(UserEntity)
      .findBy({ realmId, id: In(stored) });
  }

  findManyByEmails(realmId: number, emails: readonly string[]): Promise<UserEntity[]> {
    if (emails.length === 0) return Promise.resolve([]);
    const keys = emails.map((email) => email.trim().toLowerCase());
    return this.dataSource.getRepository(UserEntity).findBy({ realmId, emailKey: In(keys) });
  }

  listByRealm(realmId: number, unit?: UnitOfWork): Promise<UserEntity[]> {
    return entityManagerOf(unit, this.dataSource)
      .getRepository(UserEntity)
      .find({ where: { realmId }, order: { id: 'ASC' } });
  }

  insert(unit: UnitOfWork, user: NewUser): Promise<UserEntity> {
    const repository = entityManagerOf(unit).getRepository(UserEntity);
    return repository.save(repository.create(user));
  }

  async update(
    tx: ChatTransaction,
    realmId: number,
    id: number,
    changes: Partial<
      Pick<
        UserEntity,
        'fullName' | 'role' | 'email' | 'emailKey' | 'isActive' | 'apiKeyHash' | 'apiKeySealed' | 'botOwnerId'
      >
    >,
  ): Promise<void> {
    this.writes += 1;
    await entityManagerOf(tx).getRepository(UserEntity).update({ realmId, id }, changes);
    // Again once committed: a reader may have cached the old row meanwhile.
    tx.afterCommit(() => (this.writes += 1));
  }
}
