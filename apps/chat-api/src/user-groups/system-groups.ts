import { UserRole } from '../core/accounts/user.entity.js';

// Zulip's SystemGroups: every realm has these eight, created with it. Each is a subgroup of the
// next (owners ⊂ administrators ⊂ moderators ⊂ fullmembers ⊂ members ⊂ everyone ⊂ internet);
// role:nobody stays empty.
export const SystemGroup = {
  NOBODY: 'role:nobody',
  OWNERS: 'role:owners',
  ADMINISTRATORS: 'role:administrators',
  MODERATORS: 'role:moderators',
  FULL_MEMBERS: 'role:fullmembers',
  MEMBERS: 'role:members',
  EVERYONE: 'role:everyone',
  EVERYONE_ON_INTERNET: 'role:internet',
} as const;

export type SystemGroupName = (typeof SystemGroup)[keyof typeof SystemGroup];

// In Zulip's creation order (create_system_user_groups_for_realm), so ids ascend the same way,
// with the descriptions Zulip stores.
export const SYSTEM_GROUPS: ReadonlyArray<{ readonly name: SystemGroupName; readonly description: string }> =
  [
    { name: SystemGroup.NOBODY, description: 'Nobody' },
    { name: SystemGroup.OWNERS, description: 'Owners of this organization' },
    {
      name: SystemGroup.ADMINISTRATORS,
      description: 'Administrators of this organization, including owners',
    },
    {
      name: SystemGroup.MODERATORS,
      description: 'Moderators of this organization, including administrators',
    },
    {
      name: SystemGroup.FULL_MEMBERS,
      description: 'Members of this organization, not including new accounts and guests',
    },
    { name: SystemGroup.MEMBERS, description: 'Members of this organization, not including guests' },
    { name: SystemGroup.EVERYONE, description: 'Everyone in this organization, including guests' },
    { name: SystemGroup.EVERYONE_ON_INTERNET, description: 'Everyone on the Internet' },
  ];

// How a mention shows a system group (SystemGroups.GROUP_DISPLAY_NAME_MAP).
export const SYSTEM_GROUP_DISPLAY_NAMES: Readonly<Record<SystemGroupName, string>> = {
  [SystemGroup.NOBODY]: 'Nobody',
  [SystemGroup.OWNERS]: 'Owners',
  [SystemGroup.ADMINISTRATORS]: 'Administrators',
  [SystemGroup.MODERATORS]: 'Moderators',
  [SystemGroup.FULL_MEMBERS]: 'Full members',
  [SystemGroup.MEMBERS]: 'Members',
  [SystemGroup.EVERYONE]: 'Everyone',
  [SystemGroup.EVERYONE_ON_INTERNET]: 'Everyone on the internet',
};

// The system group an account of a role is a direct member of (SYSTEM_USER_GROUP_ROLE_MAP).
export const ROLE_SYSTEM_GROUP: Readonly<Record<UserRole, SystemGroupName>> = {
  [UserRole.OWNER]: SystemGroup.OWNERS,
  [UserRole.ADMINISTRATOR]: SystemGroup.ADMINISTRATORS,
  [UserRole.MODERATOR]: SystemGroup.MODERATORS,
  [UserRole.MEMBER]: SystemGroup.MEMBERS,
  [UserRole.GUEST]: SystemGroup.EVERYONE,
};

// Members are also direct members of role:fullmembers once past the realm's waiting period,
// which is 0 days here (realm_waiting_period_threshold): every member is a full member.
export function directSystemGroupsOf(role: UserRole): SystemGroupName[] {
  return role === UserRole.MEMBER
    ? [ROLE_SYSTEM_GROUP[role], SystemGroup.FULL_MEMBERS]
    : [ROLE_SYSTEM_GROUP[role]];
}

// The realm's group settings, at Zulip 11's defaults (this server keeps no realm settings of its
// own): those that govern groups, who may delete messages (message-deletion), who may move
// them (message-editing) and who may add custom emoji (realm-emoji).
export const REALM_GROUP_SETTINGS = {
  can_add_custom_emoji_group: SystemGroup.MEMBERS,
  can_create_groups: SystemGroup.MEMBERS,
  can_delete_any_message_group: SystemGroup.ADMINISTRATORS,
  can_delete_own_message_group: SystemGroup.EVERYONE,
  can_manage_all_groups: SystemGroup.OWNERS,
  can_move_messages_between_channels_group: SystemGroup.MEMBERS,
  can_move_messages_between_topics_group: SystemGroup.EVERYONE,
  can_resolve_topics_group: SystemGroup.EVERYONE,
} as const;

export type RealmGroupSetting = keyof typeof REALM_GROUP_SETTINGS;

// Realm.REALM_PERMISSION_GROUP_SETTINGS: a setting refusing role:everyone never grants a guest
// its permission; of these, only the following accept it.
export const REALM_SETTINGS_ALLOWING_EVERYONE: ReadonlySet<RealmGroupSetting> = new Set([
  'can_delete_own_message_group',
  'can_move_messages_between_topics_group',
  'can_resolve_topics_group',
]);
