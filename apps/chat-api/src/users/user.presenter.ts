import { isAdministrator } from '../core/http/permissions.js';
import { createHash } from 'node:crypto';
import { pythonIsoformat } from '../core/http/python-isoformat.js';
import { type UserEntity, UserRole } from '../core/accounts/user.entity.js';
import type { ProfileDataRow } from '../custom-profile-fields/profile-data.service.js';

export interface UserRowOptions {
  // Zulip clients that compute Gravatar URLs themselves ask for null avatar URLs.
  readonly clientGravatar?: boolean;
  readonly includeCustomProfileFields?: boolean;
  // The listed users' values (ProfileData.valuesFor), shown when includeCustomProfileFields.
  readonly profileData?: ReadonlyMap<number, ProfileDataRow>;
  // The realm's Notification Bot: a system bot (Zulip's cross-realm bots are flagged so).
  readonly systemBotId?: number | null;
}

// Zulip's Gravatar URL; the medium size (500 px) for the caller's own profile in /register.
export function avatarUrl(user: UserEntity, { medium = false } = {}): string {
  const digest = createHash('md5').update(user.emailKey).digest('hex');
  return `https://secure.gravatar.com/avatar/${digest}?d=identicon${medium ? '&s=500' : ''}&version=1`;
}

// A user as Zulip's GET /users and GET /users/{id} list them (format_user_row).
export function userRow(user: UserEntity, options: UserRowOptions = {}) {
  return {
    email: user.email,
    user_id: user.id,
    avatar_version: 1,
    is_admin: isAdministrator(user),
    is_owner: user.role === UserRole.OWNER,
    is_guest: user.role === UserRole.GUEST,
    role: user.role,
    is_bot: user.botType !== null,
    full_name: user.fullName,
    timezone: user.timezone,
    is_active: user.isActive,
    date_joined: pythonIsoformat(user.dateJoined),
    delivery_email: user.email,
    avatar_url: options.clientGravatar ? null : avatarUrl(user),
    ...(user.botType !== null
      ? {
          bot_type: user.botType,
          ...(user.id === options.systemBotId ? { is_system_bot: true } : {}),
          bot_owner_id: user.botOwnerId,
        }
      : options.includeCustomProfileFields
        ? { profile_data: options.profileData?.get(user.id) ?? {} }
        : {}),
  };
}
