import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
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

  find(unit: UnitOfWork, owner: SnippetOwner, id: number): Promise<SavedSnippetEntity | null> {
    return entityManagerOf(unit)
      .getRepository(SavedSnippetEntity)
      .findOne({
        where: { realmId: owner.realmId, userId: owner.userId, id },
        lock: { mode: 'pessimistic_write' },
      });
  }

  insert(unit: UnitOfWork, snippet: Omit<SavedSnippetEntity, 'id'>): Promise<SavedSnippetEntity> {
    const repository = entityManagerOf(unit).getRepository(SavedSnippetEntity);
    return repository.save(repository.create(snippet));
  }

  async update(unit: UnitOfWork, snippet: SavedSnippetEntity): Promise<void> {
    await entityManagerOf(unit)
      .getRepository(SavedSnippetEntity)
      .update({ id: snippet.id }, { title: snippet.title, content: snippet.content });
  }

  async delete(unit: UnitOfWork, snippet: SavedSnippetEntity): Promise<void> {
    await entityManagerOf(unit).getRepository(SavedSnippetEntity).delete({ id: snippet.id });
  }
}
