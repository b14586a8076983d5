import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { DiscoveryModule } from '@nestjs/core';
import { UsersModule } from '../users/users.module.js';
import { CreateUserGroupUseCase } from './create-user-group.use-case.js';
import { GroupCreationGuard } from './group-creation.guard.js';
import { GroupMembershipHooks } from './group-membership-hooks.js';
import { GroupMentions } from './group-mentions.js';
import { GroupMembershipUseCase } from './group-membership.use-case.js';
import { GroupSettingResolver } from './group-setting-resolver.js';
import { SubgroupLock } from './subgroup-lock.js';
import { SystemGroupsListener } from './system-groups.listener.js';
import { UpdateUserGroupUseCase } from './update-user-group.use-case.js';
import { UserGroupAccess } from './user-group-access.js';
import { UserGroupDirectory } from './user-group-directory.js';
import {
  GroupGroupMembershipEntity,
  UserGroupEntity,
  UserGroupMembershipEntity,
} from './user-group.entity.js';
import { UserGroupEvents } from './user-group.events.js';
import { UserGroupsController } from './user-groups.controller.js';
import { UserGroupsQuery } from './user-groups.query.js';
import { UserGroupsRepository } from './user-groups.repository.js';
import { UserGroupsStateProvider } from './user-groups-state.provider.js';
import { userGroupsMigrations } from './migrations/migrations.js';

@OwnsTables({
  entities: [UserGroupEntity, UserGroupMembershipEntity, GroupGroupMembershipEntity],
  migrations: userGroupsMigrations,
})
@Module({
  imports: [DiscoveryModule, UsersModule],
  controllers: [UserGroupsController],
  providers: [
    CreateUserGroupUseCase,
    GroupCreationGuard,
    GroupMembershipHooks,
    GroupMentions,
    GroupMembershipUseCase,
    GroupSettingResolver,
    SubgroupLock,
    SystemGroupsListener,
    UpdateUserGroupUseCase,
    UserGroupAccess,
    UserGroupDirectory,
    UserGroupEvents,
    UserGroupsQuery,
    UserGroupsRepository,
    UserGroupsStateProvider,
  ],
  exports: [GroupMentions, UserGroupAccess],
})
export class UserGroupsModule {}
