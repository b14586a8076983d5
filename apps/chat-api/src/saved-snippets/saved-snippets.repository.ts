import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { SavedSnippetEntity } from './saved-snippet.entity.js';

export interface SnippetOwner {
  readonly realmId: number;
  readonly userId: number;
}

// Snippets are found only through their owner: someone else's id is "does not exist".
@Injectable()
export class SavedSnippetsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  list(owner: SnippetOwner): Promise<SavedSnippetEntity[]> {
    return this.dataSource
      .getRepository(SavedSnippetEntity)
      .find({ where: { realmId: owner.realmId, userId: owner.userId }, order: { id: 'ASC' } });
  }

  find(manager: EntityManager, owner: SnippetOwner, id: number): Promise<SavedSnippetEntity | null> {
    return manager.getRepository(SavedSnippetEntity).findOne({
      where: { realmId: owner.realmId, userId: owner.userId, id },
      lock: { mode: 'pessimistic_write' },
    });
  }

  insert(manager: EntityManager, snippet: Omit<SavedSnippetEntity, 'id'>): Promise<SavedSnippetEntity> {
    const repository = manager.getRepository(SavedSnippetEntity);
    return repository.save(repository.create(snippet));
  }

  async update(manager: EntityManager, snippet: SavedSnippetEntity): Promise<void> {
    await manager
      .getRepository(SavedSnippetEntity)
      .update({ id: snippet.id }, { title: snippet.title, content: snippet.content });
  }

  async delete(manager: EntityManager, snippet: SavedSnippetEntity): Promise<void> {
    await manager.getRepository(SavedSnippetEntity).delete({ id: snippet.id });
  }
}
