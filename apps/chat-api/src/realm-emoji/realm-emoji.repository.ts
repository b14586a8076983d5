import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import { RealmEmojiEntity } from './realm-emoji.entity.js';

export interface NewRealmEmoji {
  readonly realmId: number;
  readonly name: string;
  readonly authorId: number;
  readonly fileName: string;
}

@Injectable()
export class RealmEmojiRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  // Every emoji of the realm, deactivated ones too, oldest first.
  list(realmId: number, unit?: UnitOfWork): Promise<RealmEmojiEntity[]> {
    return entityManagerOf(unit, this.dataSource)
      .getRepository(RealmEmojiEntity)
      .find({ where: { realmId }, order: { id: 'ASC' } });
  }

  findActive(realmId: number, name: string, unit?: UnitOfWork): Promise<RealmEmojiEntity | null> {
    return entityManagerOf(unit, this.dataSource)
      .getRepository(RealmEmojiEntity)
      .findOne({ where: { realmId, name, deactivated: false } });
  }

  findById(realmId: number, id: number, unit?: UnitOfWork): Promise<RealmEmojiEntity | null> {
    return entityManagerOf(unit, this.dataSource)
      .getRepository(RealmEmojiEntity)
      .findOne({ where: { realmId, id } });
  }

  // Whether the emoji was added: not when an active one already has the name (a concurrent
  // upload included: the partial unique index decides).
  async insert(unit: UnitOfWork, emoji: NewRealmEmoji): Promise<boolean> {
    const rows = (await entityManagerOf(unit).query(
      `INSERT INTO "chat"."realm_emoji" ("realm_id", "name", "author_id", "file_name")
       VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING "id"`,
      [emoji.realmId, emoji.name, emoji.authorId, emoji.fileName],
    )) as Array<{ id: number }>;
    return rows.length > 0;
  }

  // Whether an active emoji of that name was there to deactivate.
  async deactivate(unit: UnitOfWork, realmId: number, name: string): Promise<boolean> {
    const [, affected] = (await entityManagerOf(unit).query(
      `UPDATE "chat"."realm_emoji" SET "deactivated" = true
       WHERE "realm_id" = $1 AND "name" = $2 AND NOT "deactivated"`,
      [realmId, name],
    )) as [unknown, number];
    return affected > 0;
  }

  // The file of an emoji of the realm, active or not (messages may still show it).
  async hasFile(realmId: number, fileName: string): Promise<boolean> {
    return this.dataSource.getRepository(RealmEmojiEntity).exists({ where: { realmId, fileName } });
  }
}
