import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import { DisabledUserEntity } from './disabled-user.entity.js';

@Injectable()
export class DisabledUsersRepository {
  constructor(private readonly dataSource: DataSource) {}

  // One primary-key lookup, asked only for requests that name a user.
  isDisabled(partnerId: string, userId: string): Promise<boolean> {
    return this.dataSource.getRepository(DisabledUserEntity).existsBy({ partnerId, userId });
  }

  // True when the user was not disabled before (the change to audit).
  async disable(unit: UnitOfWork, partnerId: string, userId: string, at: Date): Promise<boolean> {
    const result = await entityManagerOf(unit)
      .createQueryBuilder()
      .insert()
      .into(DisabledUserEntity)
      .values({ partnerId, userId, disabledAt: at })
      .orIgnore()
      .returning(['userId'])
      .execute();
    return (result.raw as unknown[]).length > 0;
  }

  // True when the user was disabled before.
  async enable(unit: UnitOfWork, partnerId: string, userId: string): Promise<boolean> {
    const result = await entityManagerOf(unit).delete(DisabledUserEntity, { partnerId, userId });
    return (result.affected ?? 0) > 0;
  }

  // One page, newest first, with how many there are over every page.
  page(partnerId: string, page: number, pageSize: number): Promise<[DisabledUserEntity[], number]> {
    return this.dataSource.getRepository(DisabledUserEntity).findAndCount({
      where: { partnerId },
      order: { disabledAt: 'DESC', userId: 'ASC' },
      skip: (page - 1) * pageSize,
      take: pageSize,
    });
  }
}
