import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

// Zulip's UserGroup and NamedUserGroup in one table. A named group (`name` set) is what the API
// lists, mentions and edits; an anonymous one (`name` null) only holds the members of one group
// setting given as `{direct_members, direct_subgroups}`. Every named group's six permission
// settings point at a group of its realm (named or anonymous).
@Entity({ name: 'user_group' })
@Index('user_group_realm_name_key', ['realmId', 'name'], { unique: true, where: '"name" IS NOT NULL' })
export class UserGroupEntity {
  @PrimaryGeneratedColumn('identity', { type: 'int' })
  id!: number;

  @Column({ name: 'realm_id', type: 'int' })
  realmId!: number;

  @Column({ type: 'varchar', length: 100, nullable: true })
  name!: string | null;

  @Column({ type: 'text', default: '' })
  description!: string;

  // Null for system groups (Zulip creates them without one).
  @Column({ name: 'date_created', type: 'timestamptz', nullable: true })
  dateCreated!: Date | null;

  @Column({ name: 'creator_id', type: 'int', nullable: true })
  creatorId!: number | null;

  @Column({ name: 'is_system_group', type: 'boolean', default: false })
  isSystemGroup!: boolean;

  @Column({ type: 'boolean', default: false })
  deactivated!: boolean;

  @Column({ name: 'can_add_members_group_id', type: 'int', nullable: true })
  canAddMembersGroupId!: number | null;

  @Column({ name: 'can_join_group_id', type: 'int', nullable: true })
  canJoinGroupId!: number | null;

  @Column({ name: 'can_leave_group_id', type: 'int', nullable: true })
  canLeaveGroupId!: number | null;

  @Column({ name: 'can_manage_group_id', type: 'int', nullable: true })
  canManageGroupId!: number | null;

  @Column({ name: 'can_mention_group_id', type: 'int', nullable: true })
  canMentionGroupId!: number | null;

  @Column({ name: 'can_remove_members_group_id', type: 'int', nullable: true })
  canRemoveMembersGroupId!: number | null;
}

// A user directly in a group (Zulip's UserGroupMembership).
@Entity({ name: 'user_group_membership' })
@Index('user_group_membership_user_idx', ['userId'])
export class UserGroupMembershipEntity {
  @PrimaryColumn({ name: 'user_group_id', type: 'int' })
  userGroupId!: number;

  @PrimaryColumn({ name: 'user_id', type: 'int' })
  userId!: number;
}

// A named group directly inside another group (Zulip's GroupGroupMembership).
@Entity({ name: 'group_group_membership' })
@Index('group_group_membership_subgroup_idx', ['subgroupId'])
export class GroupGroupMembershipEntity {
  @PrimaryColumn({ name: 'supergroup_id', type: 'int' })
  supergroupId!: number;

  @PrimaryColumn({ name: 'subgroup_id', type: 'int' })
  subgroupId!: number;
}
