import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import type { UnitOfWork } from '@platform/database';
import type { ChatCaller } from '../core/http/chat-caller.js';
import type { ChatTransaction } from '../core/events/chat-event.publisher.js';
import { ChatError } from '../core/http/chat.error.js';
import { GroupMembershipHooks, type MembershipFollowUp } from './group-membership-hooks.js';
import type { GroupSettingName } from './group-permission-settings.js';
import { SubgroupLock } from './subgroup-lock.js';
import { UserGroupAccess } from './user-group-access.js';
import type { UserGroupEntity } from './user-group.entity.js';
import { UserGroupEvents } from './user-group.events.js';
import { UserGroupsQuery } from './user-groups.query.js';
import { UserGroupsRepository } from './user-groups.repository.js';

export interface MembershipChanges {
  readonly add?: readonly number[] | undefined;
  readonly delete?: readonly number[] | undefined;
  readonly add_subgroups?: readonly number[] | undefined;
  readonly delete_subgroups?: readonly number[] | undefined;
}

const unique = (ids: readonly number[]) => [...new Set(ids)];

// POST /user_groups/{id}/members and /subgroups (Zulip's update_user_group_backend and
// update_subgroups_of_user_group): each non-empty list in Zulip's order, in one transaction.
// Joining or leaving oneself needs can_join_group / can_leave_group, or else the permission to
// add or remove anyone; managing the group grants them all.
@Injectable()
export class GroupMembershipUseCase {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly access: UserGroupAccess,
    private readonly subgroupLock: SubgroupLock,
    private readonly query: UserGroupsQuery,
    private readonly groups: UserGroupsRepository,
    private readonly events: UserGroupEvents,
    private readonly hooks: GroupMembershipHooks,
  ) {}

  updateMembers(
    caller: ChatCaller,
    groupId: number,
    changes: MembershipChanges,
  ): Promise<Record<string, never>> {
    const lists = [changes.add, changes.delete, changes.add_subgroups, changes.delete_subgroups];
    if (lists.every((list) => !list || list.length === 0))
      throw ChatError.badRequest(
        'Nothing to do. Specify at least one of "add", "delete", "add_subgroups" or "delete_subgroups".',
      );
    return this.run(caller, groupId, changes);
  }

  updateSubgroups(
    caller: ChatCaller,
    groupId: number,
    changes: { add?: readonly number[] | undefined; delete?: readonly number[] | undefined },
  ): Promise<Record<string, never>> {
    if (!changes.add?.length && !changes.delete?.length)
      throw ChatError.badRequest('Nothing to do. Specify at least one of "add" or "delete".');
    return this.run(caller, groupId, { add_subgroups: changes.add, delete_subgroups: changes.delete });
  }

  private async run(
    caller: ChatCaller,
    groupId: number,
    changes: MembershipChanges,
  ): Promise<Record<string, never>> {
    const added = await this.followUp(caller, groupId, 'added', changes.add);
    const removed = await this.followUp(caller, groupId, 'removed', changes.delete);
    return this.outbox.run(async (tx) => {
      if (changes.add?.length) {
        await this.addMembers(tx, caller, groupId, unique(changes.add));
        await added(tx);
      }
      if (changes.delete?.length) {
        await this.removeMembers(tx, caller, groupId, unique(changes.delete));
        await removed(tx);
      }
      if (changes.add_subgroups?.length)
        await this.addSubgroups(tx, caller, groupId, unique(changes.add_subgroups));
      if (changes.delete_subgroups?.length)
        await this.removeSubgroups(tx, caller, groupId, unique(changes.delete_subgroups));
      return {};
    });
  }

  // What listeners write once these members are added or removed, prepared before the
  // transaction; nothing for a group that does not exist (the change is refused anyway).
  private async followUp(
    caller: ChatCaller,
    groupId: number,
    change: 'added' | 'removed',
    userIds: readonly number[] | undefined,
  ): Promise<MembershipFollowUp> {
    const group = userIds?.length ? await this.query.findNamed(caller.realm.id, groupId) : null;
    if (!group) return () => Promise.resolve();
    return this.hooks.prepare(caller, { groupName: group.name!, change, userIds: unique(userIds!) });
  }

  // The group, if the caller may act on oneself under `own` or on anyone under `anyone`.
  private async forSelfOrAnyone(
    caller: ChatCaller,
    groupId: number,
    userIds: readonly number[],
    own: GroupSettingName,
    anyone: GroupSettingName,
    unit: UnitOfWork,
  ): Promise<UserGroupEntity> {
    if (userIds.length === 1 && userIds[0] === caller.user.id) {
      try {
        return await this.access.forUpdate(caller, groupId, own, unit, true);
      } catch (error) {
        if (!(error instanceof ChatError)) throw error;
      }
    }
    return this.access.forUpdate(caller, groupId, anyone, unit, true);
  }

  private async addMembers(tx: ChatTransaction, caller: ChatCaller, groupId: number, userIds: number[]) {
    const group = await this.forSelfOrAnyone(
      caller,
      groupId,
      userIds,
      'can_join_group',
      'can_add_members_group',
      tx,
    );
    await this.access.activeUsers(caller, userIds, tx);
    const existing = await this.query.directMembersAmong(group.id, userIds, tx);
    const already = userIds.find((id) => existing.has(id));
    if (already !== undefined)
      throw ChatError.badRequest(`User ${already} is already a member of this group`);
    await this.groups.addMembers(tx, group.id, userIds);
    await this.events.members(tx, caller.realm.id, 'add_members', group.id, userIds);
  }

  private async removeMembers(tx: ChatTransaction, caller: ChatCaller, groupId: number, userIds: number[]) {
    await this.access.activeUsers(caller, userIds, tx);
    const group = await this.forSelfOrAnyone(
      caller,
      groupId,
      userIds,
      'can_leave_group',
      'can_remove_members_group',
      tx,
    );
    const members = new Set(await this.query.directMemberIds(group.id, tx));
    const stranger = userIds.find((id) => !members.has(id));
    if (stranger !== undefined)
      throw ChatError.badRequest(`There is no member '${stranger}' in this user group`);
    await this.groups.removeMembers(tx, group.id, userIds);
    await this.events.members(tx, caller.realm.id, 'remove_members', group.id, userIds);
  }

  private async addSubgroups(
    tx: ChatTransaction,
    caller: ChatCaller,
    groupId: number,
    subgroupIds: number[],
  ) {
    const { group, subgroups, recursive, existing } = await this.subgroupChange(
      caller,
      groupId,
      subgroupIds,
      'can_add_members_group',
      tx,
    );
    const already = subgroups.find((subgroup) => existing.has(subgroup.id));
    if (already) throw ChatError.badRequest(`User group ${already.id} is already a subgroup of this group.`);
    if (recursive.has(group.id))
      throw ChatError.badRequest(
        `User group ${group.id} is already a subgroup of one of the passed subgroups.`,
      );
    await this.groups.addSubgroups(tx, group.id, subgroupIds);
    await this.events.subgroups(tx, caller.realm.id, 'add_subgroups', group.id, subgroupIds);
  }

  private async removeSubgroups(
    tx: ChatTransaction,
    caller: ChatCaller,
    groupId: number,
    subgroupIds: number[],
  ) {
    const { group, subgroups, existing } = await this.subgroupChange(
      caller,
      groupId,
      subgroupIds,
      'can_manage_group',
      tx,
    );
    const stranger = subgroups.find((subgroup) => !existing.has(subgroup.id));
    if (stranger) throw ChatError.badRequest(`User group ${stranger.id} is not a subgroup of this group.`);
    await this.groups.removeSubgroups(tx, group.id, subgroupIds);
    await this.events.subgroups(tx, caller.realm.id, 'remove_subgroups', group.id, subgroupIds);
  }

  // What adding or removing subgroups starts with (Zulip's lock_subgroups_with_respect_to_supergroup):
  // the subgroups and their descendants locked, then the group if `setting` lets the caller change
  // it (its errors come before those about the subgroups), the subgroups, and the group's direct
  // subgroups now.
  private async subgroupChange(
    caller: ChatCaller,
    groupId: number,
    subgroupIds: number[],
    setting: GroupSettingName,
    unit: UnitOfWork,
  ) {
    const recursive = await this.subgroupLock.recursive(unit, subgroupIds);
    const group = await this.access.forUpdate(caller, groupId, setting, unit, true);
    const subgroups = await this.subgroupLock.direct(caller, unit, subgroupIds, recursive);
    const existing = new Set(await this.query.directSubgroupIds(group.id, unit));
    return { group, subgroups, recursive, existing };
  }
}
