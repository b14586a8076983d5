import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { isStoredId } from '../core/http/stored-id.js';
import { ChannelFolderEntity } from './channel-folder.entity.js';

// A realm's channel folders, always within that realm.
@Injectable()
export class ChannelFoldersRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  findById(realmId: number, id: number, manager?: EntityManager): Promise<ChannelFolderEntity | null> {
    if (!isStoredId(id)) return Promise.resolve(null);
    return (manager ?? this.dataSource.manager).getRepository(ChannelFolderEntity).findOneBy({ realmId, id });
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

  async ids(realmId: number, manager: EntityManager): Promise<number[]> {
    const rows = (await manager.query('SELECT "id" FROM "chat"."channel_folder" WHERE "realm_id" = $1', [
      realmId,
    ])) as Array<{ id: number }>;
    return rows.map((row) => row.id);
  }

  async insert(manager: EntityManager, folder: Omit<ChannelFolderEntity, 'id' | 'order'>) {
    const repository = manager.getRepository(ChannelFolderEntity);
    const saved = await repository.save(repository.create({ ...folder, order: 0 }));
    await repository.update({ id: saved.id }, { order: saved.id });
    return Object.assign(saved, { order: saved.id });
  }

  async update(
    manager: EntityManager,
    folder: ChannelFolderEntity,
    changes: Partial<
      Pick<ChannelFolderEntity, 'name' | 'description' | 'renderedDescription' | 'isArchived'>
    >,
  ): Promise<void> {
    await manager
      .getRepository(ChannelFolderEntity)
      .update({ realmId: folder.realmId, id: folder.id }, changes);
    Object.assign(folder, changes);
  }

  // Every folder's position in one statement.
  async reorder(
    manager: EntityManager,
    realmId: number,
    positions: ReadonlyMap<number, number>,
  ): Promise<void> {
    await manager.query(
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
