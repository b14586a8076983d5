import { Injectable } from '@nestjs/common';
import type { UnitOfWork } from '@platform/database';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { ChatError } from '../core/http/chat.error.js';
import type { UserGroupEntity } from './user-group.entity.js';
import { UserGroupsQuery } from './user-groups.query.js';
import { UserGroupsRepository } from './user-groups.repository.js';

export interface PotentialSubgroups {
  readonly direct: UserGroupEntity[];
  // The passed groups and every group below them.
  readonly recursiveIds: ReadonlySet<number>;
}

// Zulip's lock_subgroups_with_respect_to_supergroup, the subgroup half: the passed groups (all
// named, active groups of the realm) and their descendants, locked in one statement so that two
// concurrent changes cannot make a cycle. The caller checks the supergroup in between, as Zulip
// does (its errors come before those about the subgroups).
@Injectable()
export class SubgroupLock {
  constructor(
    private readonly query: UserGroupsQuery,
    private readonly groups: UserGroupsRepository,
  ) {}

  async recursive(unit: UnitOfWork, subgroupIds: readonly number[]): Promise<Set<number>> {
    const storable = subgroupIds.filter((id) => id > 0 && id <= 2147483647);
    const ids = await this.query.recursiveSubgroupIds(storable, true, unit);
    await this.groups.lock(unit, ids);
    return new Set(ids);
  }

  async direct(
    caller: ChatCaller,
    unit: UnitOfWork,
    subgroupIds: readonly number[],
    recursiveIds: ReadonlySet<number>,
  ): Promise<UserGroupEntity[]> {
    const groups = await this.query.namedByIds(caller.realm.id, subgroupIds, unit);
    const missing = subgroupIds.find(
      (id) => !groups.some((group) => group.id === id) || !recursiveIds.has(id),
    );
    if (missing !== undefined) throw ChatError.badRequest(`Invalid user group ID: ${missing}`);
    if (groups.some((group) => group.deactivated)) throw ChatError.badRequest('User group is deactivated.');
    return groups;
  }
}
