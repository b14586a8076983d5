import { Injectable } from '@nestjs/common';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { ChatError } from '../core/http/chat.error.js';
import { GROUP_PERMISSION_SETTINGS, settingGroupId } from './group-permission-settings.js';
import { SYSTEM_GROUP_DISPLAY_NAMES, SystemGroup, type SystemGroupName } from './system-groups.js';
import { UserGroupAccess } from './user-group-access.js';
import { UserGroupsQuery } from './user-groups.query.js';

export interface MentionedGroup {
  readonly id: number;
  // What the mention shows: a system group's display name, another group's name.
  readonly name: string;
}

// What sending a message needs of groups: the active groups its text names (exactly), whether
// the sender may mention them (can_mention_group, Zulip's check_user_group_mention_allowed),
// and who they reach (their members through every subgroup), whom Zulip flags `mentioned`.
@Injectable()
export class GroupMentions {
  constructor(
    private readonly query: UserGroupsQuery,
    private readonly access: UserGroupAccess,
  ) {}

  async byName(realmId: number, names: readonly string[]): Promise<Map<string, MentionedGroup>> {
    const groups = await this.query.activeByNames(realmId, names);
    return new Map(
      groups.map((group) => [
        group.name!,
        {
          id: group.id,
          name: group.isSystemGroup ? SYSTEM_GROUP_DISPLAY_NAMES[group.name as SystemGroupName] : group.name!,
        },
      ]),
    );
  }

  // Refuses the first group the sender may not mention. Anyone may mention a group whose
  // setting is role:everyone; the Notification Bot (a system bot) no other.
  async requireMentionable(caller: ChatCaller, groupIds: readonly number[]): Promise<void> {
    if (groupIds.length === 0) return;
    const everyone = (await this.query.systemGroupIds(caller.realm.id)).get(SystemGroup.EVERYONE);
    const systemBot = caller.user.id === caller.realm.notificationBotId;
    for (const group of await this.query.namedByIds(caller.realm.id, groupIds)) {
      const setting = settingGroupId(group, 'can_mention_group');
      if (setting === everyone) continue;
      const allowed =
        !systemBot &&
        (await this.access.hasPermission(setting, caller.user, GROUP_PERMISSION_SETTINGS.can_mention_group));
      if (!allowed) throw ChatError.badRequest(`You are not allowed to mention user group '${group.name}'.`);
    }
  }

  async members(groupIds: readonly number[]): Promise<Set<number>> {
    if (groupIds.length === 0) return new Set();
    return new Set(await this.query.recursiveMemberIdsOf(groupIds));
  }
}
