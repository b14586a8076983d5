import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In } from 'typeorm';
import { UserEntity } from './user.entity.js';

export type NewUser = Omit<UserEntity, 'id'>;

// Every lookup but the API-key one is scoped by realm: another realm's user id finds nothing.
@Injectable()
export class UsersRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  // API keys are unique across realms; the owner's realm comes with the row.
  findByApiKeyHash(apiKeyHash: string): Promise<UserEntity | null> {
    return this.dataSource.getRepository(UserEntity).findOneBy({ apiKeyHash });
  }

  findById(realmId: number, id: number, manager?: EntityManager): Promise<UserEntity | null> {
    return (manager ?? this.dataSource.manager).getRepository(UserEntity).findOneBy({ realmId, id });
  }

  findByEmail(realmId: number, email: string): Promise<UserEntity | null> {
    return this.dataSource
      .getRepository(UserEntity)
      .findOneBy({ realmId, emailKey: email.trim().toLowerCase() });
  }

  // Every realm's account with this email (login without a realm host).
  findAllByEmail(email: string): Promise<UserEntity[]> {
    return this.dataSource.getRepository(UserEntity).findBy({ emailKey: email.trim().toLowerCase() });
  }

  findManyByIds(realmId: number, ids: readonly number[], manager?: EntityManager): Promise<UserEntity[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return (manager ?? this.dataSource.manager)
      .getRepository(UserEntity)
      .findBy({ realmId, id: In([...ids]) });
  }

  findManyByEmails(realmId: number, emails: readonly string[]): Promise<UserEntity[]> {
    if (emails.length === 0) return Promise.resolve([]);
    const keys = emails.map((email) => email.trim().toLowerCase());
    return this.dataSource.getRepository(UserEntity).findBy({ realmId, emailKey: In(keys) });
  }

  listByRealm(realmId: number, manager?: EntityManager): Promise<UserEntity[]> {
    return (manager ?? this.dataSource.manager)
      .getRepository(UserEntity)
      .find({ where: { realmId }, order: { id: 'ASC' } });
  }

  insert(manager: EntityManager, user: NewUser): Promise<UserEntity> {
    const repository = manager.getRepository(UserEntity);
    return repository.save(repository.create(user));
  }

  async update(
    manager: EntityManager,
    realmId: number,
    id: number,
    changes: Partial<
      Pick<
        UserEntity,
        'fullName' | 'role' | 'email' | 'emailKey' | 'isActive' | 'apiKeyHash' | 'apiKeySealed'
      >
    >,
  ): Promise<void> {
    await manager.getRepository(UserEntity).update({ realmId, id }, changes);
  }
}
