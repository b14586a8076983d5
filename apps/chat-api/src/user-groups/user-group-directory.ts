import { Injectable } from '@nestjs/common';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { ChatError } from '../core/http/chat.error.js';
import { UsersRepository } from '../users/users.repository.js';
import { UserGroupAccess } from './user-group-access.js';
import { userGroupRows } from './user-group.presenter.js';
import { UserGroupsQuery } from './user-groups.query.js';

// The read side: GET /user_groups and a group's members and subgroups (any active group of the
// caller's realm; another realm's is "Invalid user group").
@Injectable()
export class UserGroupDirectory {
  constructor(
    private readonly access: UserGroupAccess,
    private readonly query: UserGroupsQuery,
    private readonly users: UsersRepository,
  ) {}

  async list(realmId: number, includeDeactivated: boolean) {
    const { groups, members } = await this.query.listNamed(realmId, includeDeactivated);
    return userGroupRows(groups, members);
  }

  async members(caller: ChatCaller, groupId: number, directOnly: boolean) {
    const group = await this.access.named(caller, groupId);
    const members = directOnly
      ? await this.query.directMemberIds(group.id)
      : await this.query.recursiveMemberIds(group.id);
    return { members };
  }

  // Zulip's access_user_by_id(for_admin=False): bots and deactivated users are refused.
  async isMember(caller: ChatCaller, groupId: number, userId: number, directOnly: boolean) {
    const group = await this.access.named(caller, groupId);
    const user = await this.users.findById(caller.realm.id, userId);
    if (!user || user.botType !== null) throw ChatError.badRequest('No such user');
    if (!user.isActive) throw ChatError.badRequest('User is deactivated');
    return { is_user_group_member: await this.query.isMember(group.id, user.id, directOnly) };
  }

  async subgroups(caller: ChatCaller, groupId: number, directOnly: boolean) {
    const group = await this.access.named(caller, groupId);
    const subgroups = directOnly
      ? await this.query.directSubgroupIds(group.id)
      : await this.query.recursiveSubgroupIds([group.id], false);
    return { subgroups };
  }
}
