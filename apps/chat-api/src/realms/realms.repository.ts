import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import { RealmEntity } from '../core/accounts/realm.entity.js';

@Injectable()
export class RealmsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  findById(id: number): Promise<RealmEntity | null> {
    return this.dataSource.getRepository(RealmEntity).findOneBy({ id });
  }

  findByHost(host: string): Promise<RealmEntity | null> {
    return this.dataSource.getRepository(RealmEntity).findOneBy({ host: host.toLowerCase() });
  }

  // The realm of a single-organization server, else null.
  async findOnly(): Promise<RealmEntity | null> {
    const realms = await this.dataSource.getRepository(RealmEntity).find({ take: 2, order: { id: 'ASC' } });
    return realms.length === 1 ? realms[0]! : null;
  }

  insert(unit: UnitOfWork, realm: Omit<RealmEntity, 'id' | 'createdAt'>): Promise<RealmEntity> {
    const manager = entityManagerOf(unit);
    return manager.getRepository(RealmEntity).save(manager.getRepository(RealmEntity).create(realm));
  }

  async setNotificationBot(unit: UnitOfWork, realmId: number, botId: number): Promise<void> {
    await entityManagerOf(unit)
      .getRepository(RealmEntity)
      .update({ id: realmId }, { notificationBotId: botId });
  }
}
