import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import { UserEntity } from '../core/accounts/user.entity.js';
import { isStoredId } from '../core/http/stored-id.js';
import type { PickedUser } from './field-value.rules.js';

// What profile fields need to know of the realm's accounts: who hears of a change, and the
// people a person-picker value names.
@Injectable()
export class RealmPeopleQuery {
  // Zulip's active_user_ids: every active account of the realm, bots included.
  async activeUserIds(unit: UnitOfWork, realmId: number): Promise<number[]> {
    const users = await entityManagerOf(unit)
      .getRepository(UserEntity)
      .find({ select: { id: true }, where: { realmId, isActive: true }, order: { id: 'ASC' } });
    return users.map((user) => user.id);
  }

  async people(unit: UnitOfWork, realmId: number, ids: readonly number[]): Promise<PickedUser[]> {
    const stored = [...new Set(ids.filter(isStoredId))];
    if (stored.length === 0) return [];
    const users = await entityManagerOf(unit)
      .getRepository(UserEntity)
      .find({
        select: { id: true, isActive: true, botType: true },
        where: { realmId, id: In(stored) },
        order: { id: 'ASC' },
      });
    return users.map((user) => ({ id: user.id, isActive: user.isActive, isBot: user.botType !== null }));
  }
}
