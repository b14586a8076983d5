import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import { UserSpecialPermissionEntity } from './user-special-permission.entity.js';

@Injectable()
export class UserSpecialPermissionsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async canChangeUserEmails(realmId: number, userId: number, unit?: UnitOfWork): Promise<boolean> {
    const row = await entityManagerOf(unit, this.dataSource)
      .getRepository(UserSpecialPermissionEntity)
      .findOneBy({ realmId, userId });
    return row?.canChangeUserEmails ?? false;
  }

  async setCanChangeUserEmails(
    unit: UnitOfWork,
    realmId: number,
    userId: number,
    value: boolean,
  ): Promise<void> {
    await entityManagerOf(unit)
      .getRepository(UserSpecialPermissionEntity)
      .upsert({ userId, realmId, canChangeUserEmails: value }, ['userId']);
  }
}
