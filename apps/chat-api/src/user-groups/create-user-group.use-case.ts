import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import { Clock } from '@shared/util';
import type { ChatCaller } from '../core/http/chat-caller.js';
import {
  GROUP_CREATOR,
  GROUP_PERMISSION_SETTINGS,
  GROUP_SETTING_NAMES,
  type GroupSettingName,
} from './group-permission-settings.js';
import { type GroupSettingValue, normalizeSettingValue } from './group-setting-value.js';
import { GroupSettingResolver } from './group-setting-resolver.js';
import { SubgroupLock } from './subgroup-lock.js';
import { SystemGroup } from './system-groups.js';
import { UserGroupAccess } from './user-group-access.js';
import { checkUserGroupName, groupExists } from './user-group-name.js';
import { groupAddEvent } from './user-group.presenter.js';
import { UserGroupEvents } from './user-group.events.js';
import { UserGroupsQuery } from './user-groups.query.js';
import { UserGroupsRepository } from './user-groups.repository.js';

export type CreateUserGroupCommand = Readonly<Partial<Record<GroupSettingName, GroupSettingValue>>> & {
  readonly name: string;
  readonly description: string;
  readonly members: readonly number[];
  readonly subgroups?: readonly number[] | undefined;
};

// POST /user_groups/create (Zulip's add_user_group): the caller's permission to create groups
// is checked before the parameters (by the route's guard); then members, name, the given
// settings in Zulip's order, the group (unset settings at their defaults: the creator alone may
// add members and manage it), its subgroups.
@Injectable()
export class CreateUserGroupUseCase {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly access: UserGroupAccess,
    private readonly resolver: GroupSettingResolver,
    private readonly subgroupLock: SubgroupLock,
    private readonly query: UserGroupsQuery,
    private readonly groups: UserGroupsRepository,
    private readonly events: UserGroupEvents,
    private readonly clock: Clock,
  ) {}

  execute(caller: ChatCaller, command: CreateUserGroupCommand): Promise<{ group_id: number }> {
    return this.outbox.run(async (tx) => {
      const members = await this.access.activeUsers(caller, command.members, tx);
      const name = checkUserGroupName(command.name);
      const systemGroups = await this.query.systemGroupIds(caller.realm.id, tx);
      const settings = {} as Record<GroupSettingName, number>;
      for (const setting of GROUP_SETTING_NAMES) {
        const value = command[setting];
        if (value === undefined) continue;
        const normalized = normalizeSettingValue(value, systemGroups.get(SystemGroup.NOBODY)!);
        settings[setting] = await this.resolver.resolve(caller, tx, setting, normalized);
      }
      for (const setting of GROUP_SETTING_NAMES) {
        if (settings[setting] !== undefined) continue;
        const fallback = GROUP_PERMISSION_SETTINGS[setting].defaultGroup;
        settings[setting] =
          fallback === GROUP_CREATOR
            ? await this.groups.insertAnonymous(tx, caller.realm.id, [caller.user.id], [])
            : systemGroups.get(fallback)!;
      }
      const group = await this.groups.insertNamed(tx, {
        realmId: caller.realm.id,
        name,
        description: command.description,
        creatorId: caller.user.id,
        dateCreated: this.clock.now(),
        settings,
      });
      if (!group) throw groupExists(name);
      const memberIds = [...new Set(members.map((user) => user.id))];
      const orderedIds = command.members.filter((id, index) => command.members.indexOf(id) === index);
      await this.groups.addMembers(tx, group.id, memberIds);
      const values = {} as Record<GroupSettingName, GroupSettingValue>;
      for (const setting of GROUP_SETTING_NAMES)
        values[setting] = await this.query.settingValue(settings[setting], tx);
      await this.events.announce(tx, caller.realm.id, groupAddEvent(group, orderedIds, [], values, false));

      const subgroupIds = command.subgroups ?? [];
      if (subgroupIds.length > 0) {
        const recursive = await this.subgroupLock.recursive(tx, subgroupIds);
        const subgroups = await this.subgroupLock.direct(caller, tx, subgroupIds, recursive);
        const ids = subgroups.map((subgroup) => subgroup.id);
        await this.groups.addSubgroups(tx, group.id, ids);
        await this.events.subgroups(tx, caller.realm.id, 'add_subgroups', group.id, ids);
      }
      return { group_id: group.id };
    });
  }
}
