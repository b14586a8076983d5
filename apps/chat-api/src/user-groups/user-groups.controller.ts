import { Controller, Param, UseGuards } from '@nestjs/common';
import { type ChatCaller, CurrentCaller } from '../core/http/chat-caller.js';
import { ChatEndpoint } from '../core/http/chat-endpoint.decorator.js';
import { ChatParams } from '../core/http/chat-params.decorator.js';
import { optional, type ParamsOf, required, withDefault } from '../core/http/param-declarations.js';
import { param, shape } from '../core/http/param-types.js';
import { boundedList, MAX_USERS_PER_REQUEST } from '../core/http/list-bounds.js';
import { pathId } from '../core/http/path-id.js';
import { CreateUserGroupUseCase } from './create-user-group.use-case.js';
import { GroupCreationGuard } from './group-creation.guard.js';
import { GroupMembershipUseCase } from './group-membership.use-case.js';
import { groupSettingChangeParam, groupSettingParam } from './group-setting-value.js';
import { UpdateUserGroupUseCase } from './update-user-group.use-case.js';
import { UserGroupDirectory } from './user-group-directory.js';

const ids = () => optional(boundedList(shape.int(), MAX_USERS_PER_REQUEST));

// Zulip's declaration orders (alphabetical, as its typed endpoints declare them).
const CREATE = {
  can_add_members_group: optional(groupSettingParam),
  can_join_group: optional(groupSettingParam),
  can_leave_group: optional(groupSettingParam),
  can_manage_group: optional(groupSettingParam),
  can_mention_group: optional(groupSettingParam),
  can_remove_members_group: optional(groupSettingParam),
  description: required(param.string()),
  members: required(boundedList(shape.int(), MAX_USERS_PER_REQUEST)),
  name: required(param.string()),
  subgroups: ids(),
};
const LIST = { include_deactivated_groups: withDefault(param.bool(), false) };
const UPDATE = {
  can_add_members_group: optional(groupSettingChangeParam),
  can_join_group: optional(groupSettingChangeParam),
  can_leave_group: optional(groupSettingChangeParam),
  can_manage_group: optional(groupSettingChangeParam),
  can_mention_group: optional(groupSettingChangeParam),
  can_remove_members_group: optional(groupSettingChangeParam),
  deactivated: optional(param.bool()),
  description: optional(param.string()),
  name: optional(param.string()),
};
const MEMBERS = { add: ids(), add_subgroups: ids(), delete: ids(), delete_subgroups: ids() };
const SUBGROUPS = { add: ids(), delete: ids() };
const DIRECT_MEMBER = { direct_member_only: withDefault(param.bool(), false) };
const DIRECT_SUBGROUP = { direct_subgroup_only: withDefault(param.bool(), false) };

@Controller()
export class UserGroupsController {
  constructor(
    private readonly creating: CreateUserGroupUseCase,
    private readonly updating: UpdateUserGroupUseCase,
    private readonly membership: GroupMembershipUseCase,
    private readonly directory: UserGroupDirectory,
  ) {}

  @ChatEndpoint('POST', 'user_groups/create', { access: 'human-member' })
  @UseGuards(GroupCreationGuard)
  create(@CurrentCaller() caller: ChatCaller, @ChatParams(CREATE) params: ParamsOf<typeof CREATE>) {
    return this.creating.execute(caller, params);
  }

  @ChatEndpoint('GET', 'user_groups', { access: 'human-member' })
  async list(@CurrentCaller() caller: ChatCaller, @ChatParams(LIST) params: ParamsOf<typeof LIST>) {
    return { user_groups: await this.directory.list(caller.realm.id, params.include_deactivated_groups) };
  }

  @ChatEndpoint('PATCH', 'user_groups/:user_group_id', { access: 'human-member' })
  update(
    @CurrentCaller() caller: ChatCaller,
    @Param('user_group_id') id: string,
    @ChatParams(UPDATE) params: ParamsOf<typeof UPDATE>,
  ) {
    return this.updating.update(caller, pathId(id), params);
  }

  @ChatEndpoint('POST', 'user_groups/:user_group_id/deactivate')
  deactivate(@CurrentCaller() caller: ChatCaller, @Param('user_group_id') id: string) {
    return this.updating.deactivate(caller, pathId(id));
  }

  @ChatEndpoint('POST', 'user_groups/:user_group_id/members', { access: 'human-member' })
  updateMembers(
    @CurrentCaller() caller: ChatCaller,
    @Param('user_group_id') id: string,
    @ChatParams(MEMBERS) params: ParamsOf<typeof MEMBERS>,
  ) {
    return this.membership.updateMembers(caller, pathId(id), params);
  }

  @ChatEndpoint('POST', 'user_groups/:user_group_id/subgroups', { access: 'human-member' })
  updateSubgroups(
    @CurrentCaller() caller: ChatCaller,
    @Param('user_group_id') id: string,
    @ChatParams(SUBGROUPS) params: ParamsOf<typeof SUBGROUPS>,
  ) {
    return this.membership.updateSubgroups(caller, pathId(id), params);
  }

  @ChatEndpoint('GET', 'user_groups/:user_group_id/members', { access: 'human-member' })
  members(
    @CurrentCaller() caller: ChatCaller,
    @Param('user_group_id') id: string,
    @ChatParams(DIRECT_MEMBER) params: ParamsOf<typeof DIRECT_MEMBER>,
  ) {
    return this.directory.members(caller, pathId(id), params.direct_member_only);
  }

  @ChatEndpoint('GET', 'user_groups/:user_group_id/members/:user_id', { access: 'human-member' })
  isMember(
    @CurrentCaller() caller: ChatCaller,
    @Param('user_group_id') id: string,
    @Param('user_id') userId: string,
    @ChatParams(DIRECT_MEMBER) params: ParamsOf<typeof DIRECT_MEMBER>,
  ) {
    return this.directory.isMember(caller, pathId(id), pathId(userId), params.direct_member_only);
  }

  @ChatEndpoint('GET', 'user_groups/:user_group_id/subgroups', { access: 'human-member' })
  subgroups(
    @CurrentCaller() caller: ChatCaller,
    @Param('user_group_id') id: string,
    @ChatParams(DIRECT_SUBGROUP) params: ParamsOf<typeof DIRECT_SUBGROUP>,
  ) {
    return this.directory.subgroups(caller, pathId(id), params.direct_subgroup_only);
  }
}
