import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { UserSpecialPermissionEntity } from './user-special-permission.entity.js';

@Injectable()
export class UserSpecialPermissionsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async canChangeUserEmails(realmId: number, userId: number, manager?: EntityManager): Promise<boolean> {
    const row = await (manager ?? this.dataSource.manager)
      .getRepository(UserSpecialPermissionEntity)
      .findOneBy({ realmId, userId });
    return row?.canChangeUserEmails ?? false;
  }

  async setCanChangeUserEmails(
    manager: EntityManager,
    realmId: number,
    userId: number,
    value: boolean,
  ): Promise<void> {
    await manager
      .getRepository(UserSpecialPermissionEntity)
      .upsert({ userId, realmId, canChangeUserEmails: value }, ['userId']);
  }
}
