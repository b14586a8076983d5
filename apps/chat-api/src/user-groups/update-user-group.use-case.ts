import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { ChatError, ChatErrorCode } from '../core/http/chat.error.js';
import { GROUP_SETTING_NAMES, type GroupSettingName, settingGroupId } from './group-permission-settings.js';
import {
  type GroupSettingChange,
  type GroupSettingValue,
  normalizeSettingValue,
  settingChangeNeeded,
} from './group-setting-value.js';
import { GroupSettingResolver } from './group-setting-resolver.js';
import { SystemGroup } from './system-groups.js';
import { UserGroupAccess } from './user-group-access.js';
import { checkUserGroupName, groupExists } from './user-group-name.js';
import { groupAddEvent } from './user-group.presenter.js';
import { UserGroupEvents } from './user-group.events.js';
import { UserGroupsQuery } from './user-groups.query.js';
import { UserGroupsRepository } from './user-groups.repository.js';

export type UpdateUserGroupCommand = Readonly<Partial<Record<GroupSettingName, GroupSettingChange>>> & {
  readonly deactivated?: boolean | undefined;
  readonly description?: string | undefined;
  readonly name?: string | undefined;
};

// PATCH /user_groups/{id} (Zulip's edit_user_group) and POST /user_groups/{id}/deactivate.
@Injectable()
export class UpdateUserGroupUseCase {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly access: UserGroupAccess,
    private readonly resolver: GroupSettingResolver,
    private readonly query: UserGroupsQuery,
    private readonly groups: UserGroupsRepository,
    private readonly events: UserGroupEvents,
  ) {}

  update(
    caller: ChatCaller,
    groupId: number,
    command: UpdateUserGroupCommand,
  ): Promise<Record<string, never>> {
    const given = Object.values(command).some((value) => value !== undefined);
    if (!given) throw ChatError.badRequest('No new data supplied');
    return this.outbox.run(async (tx) => {
      const realmId = caller.realm.id;
      const group = await this.access.forUpdate(caller, groupId, 'can_manage_group', tx, true);
      if (command.name !== undefined && command.name !== group.name) {
        const name = checkUserGroupName(command.name);
        if (!(await this.groups.rename(tx, group.id, name))) throw groupExists(name);
        await this.events.update(tx, realmId, group.id, { name });
      }
      if (command.description !== undefined && command.description !== group.description) {
        await this.groups.setDescription(tx, group.id, command.description);
        await this.events.update(tx, realmId, group.id, { description: command.description });
      }
      if (command.deactivated === false && group.deactivated) await this.reactivate(tx, caller, group.id);

      const nobody = (await this.query.systemGroupIds(realmId, tx)).get(SystemGroup.NOBODY)!;
      for (const setting of GROUP_SETTING_NAMES) {
        const change = command[setting];
        if (change === undefined) continue;
        const next = normalizeSettingValue(change.new, nobody);
        const expected = change.old === undefined ? undefined : normalizeSettingValue(change.old, nobody);
        const currentId = settingGroupId(group, setting);
        const current = await this.query.settingValue(currentId, tx);
        if (!settingChangeNeeded(current, next, expected)) continue;
        const valueId = await this.resolver.resolve(caller, tx, setting, next, currentId);
        await this.groups.setSetting(tx, group.id, setting, valueId);
        // A setting that leaves its anonymous group for a named one drops it (Zulip deletes it).
        if (typeof current !== 'number' && valueId !== currentId)
          await this.groups.deleteAnonymous(tx, currentId);
        const value: GroupSettingValue = await this.query.settingValue(valueId, tx);
        await this.events.update(tx, realmId, group.id, { [setting]: value });
      }
      return {};
    });
  }

  // Zulip's access_user_group_for_deactivation + do_deactivate_user_group: refused while an
  // active group relies on it (as a subgroup or in a setting), with the objections.
  deactivate(caller: ChatCaller, groupId: number): Promise<Record<string, never>> {
    return this.outbox.run(async (tx) => {
      const group = await this.access.forUpdate(caller, groupId, 'can_manage_group', tx, false);
      const uses = await this.query.usesOf(caller.realm.id, group.id, tx);
      const objections: Array<Record<string, unknown>> = [];
      if (uses.supergroupIds.length > 0)
        objections.push({ type: 'subgroup', supergroup_ids: uses.supergroupIds });
      for (const use of uses.settingUses)
        objections.push({ type: 'user_group', group_id: use.groupId, settings: use.settings });
      if (objections.length > 0)
        throw new ChatError(
          ChatErrorCode.CANNOT_DEACTIVATE_GROUP_IN_USE,
          'Cannot deactivate user group in use.',
          {
            objections,
          },
        );
      await this.groups.setDeactivated(tx, group.id, true);
      await this.events.update(tx, caller.realm.id, group.id, { deactivated: true });
      await this.events.announce(tx, caller.realm.id, {
        type: 'user_group',
        op: 'remove',
        group_id: group.id,
      });
      return {};
    });
  }

  private async reactivate(
    tx: Parameters<UserGroupEvents['announce']>[0],
    caller: ChatCaller,
    groupId: number,
  ): Promise<void> {
    await this.groups.setDeactivated(tx, groupId, false);
    await this.events.update(tx, caller.realm.id, groupId, { deactivated: false });
    const group = (await this.query.findNamed(caller.realm.id, groupId, { unit: tx }))!;
    const members = await this.query.directMemberIds(groupId, tx);
    const subgroups = await this.query.directSubgroupIds(groupId, tx);
    const values = {} as Record<GroupSettingName, GroupSettingValue>;
    for (const setting of GROUP_SETTING_NAMES)
      values[setting] = await this.query.settingValue(settingGroupId(group, setting), tx);
    await this.events.announce(tx, caller.realm.id, groupAddEvent(group, members, subgroups, values, true));
  }
}
