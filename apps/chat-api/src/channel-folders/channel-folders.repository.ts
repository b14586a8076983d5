import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import { isStoredId } from '../core/http/stored-id.js';
import { ChannelFolderEntity } from './channel-folder.entity.js';

// A realm's channel folders, always within that realm.
@Injectable()
export class ChannelFoldersRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  findById(realmId: number, id: number, unit?: UnitOfWork): Promise<ChannelFolderEntity | null> {
    if (!isStoredId(id)) return Promise.resolve(null);
    return entityManagerOf(unit, this.dataSource)
      .getRepository(ChannelFolderEntity)
      .findOneBy({ realmId, id });
  }

  // Zulip's name__iexact.
  async nameTaken(realmId: number, name: string): Promise<boolean> {
    const rows = (await this.dataSource.query(
      'SELECT 1 FROM "chat"."channel_folder" WHERE "realm_id" = $1 AND lower("name") = lower($2) LIMIT 1',
      [realmId, name],
    )) as unknown[];
    return rows.length > 0;
  }

  // By display order, then id (a folder created takes its id as its order).
  list(realmId: number, includeArchived: boolean): Promise<ChannelFolderEntity[]> {
    return this.dataSource.getRepository(ChannelFolderEntity).find({
      where: includeArchived ? { realmId } : { realmId, isArchived: false },
      order: { order: 'ASC', id: 'ASC' },
    });
  }

  async ids(realmId: number, unit: UnitOfWork): Promise<number[]> {
    const rows = (await entityManagerOf(unit).query(
      'SELECT "id" FROM "chat"."channel_folder" WHERE "realm_id" = $1',
      [realmId],
    )) as Array<{ id: number }>;
    return rows.map((row) => row.id);
  }

  async insert(unit: UnitOfWork, folder: Omit<ChannelFolderEntity, 'id' | 'order'>) {
    const repository = entityManagerOf(unit).getRepository(ChannelFolderEntity);
    const saved = await repository.save(repository.create({ ...folder, order: 0 }));
    await repository.update({ id: saved.id }, { order: saved.id });
    return Object.assign(saved, { order: saved.id });
  }

  async update(
    unit: UnitOfWork,
    folder: ChannelFolderEntity,
    changes: Partial<
      Pick<ChannelFolderEntity, 'name' | 'description' | 'renderedDescription' | 'isArchived'>
    >,
  ): Promise<void> {
    await entityManagerOf(unit)
      .getRepository(ChannelFolderEntity)
      .update({ realmId: folder.realmId, id: folder.id }, changes);
    Object.assign(folder, changes);
  }

  // Every folder's position in one statement.
  async reorder(unit: UnitOfWork, realmId: number, positions: ReadonlyMap<number, number>): Promise<void> {
    await entityManagerOf(unit).query(
      `UPDATE "chat"."channel_folder" f SET "order" = p."position"
         FROM unnest($2::int[], $3::int[]) AS p("id", "position")
        WHERE f."realm_id" = $1 AND f."id" = p."id"`,
      [realmId, [...positions.keys()], [...positions.values()]],
    );
  }

  // Whether a channel (archived ones too) is still in the folder.
  async inUse(folderId: number): Promise<boolean> {
    const rows = (await this.dataSource.query(
      'SELECT 1 FROM "chat"."stream" WHERE "folder_id" = $1 LIMIT 1',
      [folderId],
    )) as unknown[];
    return rows.length > 0;
  }
}
