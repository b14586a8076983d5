import type { ChatCaller } from '../core/http/chat-caller.js';
import {
  EMPTY_TOPIC_DISPLAY_NAME,
  MAX_MESSAGE_LENGTH,
  MAX_REMINDER_NOTE_LENGTH,
  MAX_STREAM_DESCRIPTION_LENGTH,
  MAX_STREAM_NAME_LENGTH,
  MAX_TOPIC_LENGTH,
  TYPING_STARTED_EXPIRY_MS,
  TYPING_STARTED_WAIT_MS,
  TYPING_STOPPED_WAIT_MS,
} from '../core/server-facts.js';
import { avatarUrl, userRow } from './user.presenter.js';
import { isAdministrator } from '../core/http/permissions.js';
import { type UserEntity, UserRole } from '../core/accounts/user.entity.js';
import { UsersRepository } from './users.repository.js';
import { ProfileData } from '../custom-profile-fields/profile-data.service.js';
import {
  type RegisterOptions,
  type RegisterStateProvider,
  RegisterState,
} from '../core/events/register-state.js';

// `realm` (limits, typing intervals, names) and `realm_user` (the caller and the realm's people).
@RegisterState()
export class RealmStateProvider implements RegisterStateProvider {
  constructor(
    private readonly users: UsersRepository,
    private readonly profileData: ProfileData,
  ) {}

  async fetch({ user, realm }: ChatCaller, want: (type: string) => boolean, options: RegisterOptions) {
    const state: Record<string, unknown> = {};
    if (want('realm')) {
      Object.assign(state, {
        realm_name: realm.name,
        realm_url: realm.url,
        realm_uri: realm.url,
        realm_description: '',
        max_message_length: MAX_MESSAGE_LENGTH,
        max_topic_length: MAX_TOPIC_LENGTH,
        max_reminder_note_length: MAX_REMINDER_NOTE_LENGTH,
        max_stream_name_length: MAX_STREAM_NAME_LENGTH,
        max_stream_description_length: MAX_STREAM_DESCRIPTION_LENGTH,
        server_typing_started_expiry_period_milliseconds: TYPING_STARTED_EXPIRY_MS,
        server_typing_stopped_wait_period_milliseconds: TYPING_STOPPED_WAIT_MS,
        server_typing_started_wait_period_milliseconds: TYPING_STARTED_WAIT_MS,
        realm_empty_topic_display_name: EMPTY_TOPIC_DISPLAY_NAME,
        realm_topics_policy: 'allow_empty_topic',
        // Zulip 9 renamed realm_notifications_stream_id; -1 is "none".
        realm_new_stream_announcements_stream_id: -1,
        realm_signup_announcements_stream_id: -1,
        realm_zulip_update_announcements_stream_id: -1,
      });
    }
    if (want('realm_user')) {
      const everyone = await this.users.listByRealm(realm.id);
      const rows = {
        clientGravatar: options.clientGravatar,
        includeCustomProfileFields: true,
        profileData: await this.profileData.valuesFor(
          realm.id,
          everyone.map((u) => u.id),
        ),
      };
      // Zulip's post_process_state drops is_active from both lists: the list says it.
      const listed = (u: UserEntity) => {
        const { is_active: _implied, ...row } = userRow(u, rows);
        return row;
      };
      Object.assign(state, {
        // Bots are realm users too; the realm's system bot is listed with the cross-realm bots.
        realm_users: everyone.filter((u) => u.isActive && u.id !== realm.notificationBotId).map(listed),
        realm_non_active_users: everyone.filter((u) => !u.isActive).map(listed),
        // Zulip's get_cross_realm_dicts: full avatar URLs whatever client_gravatar says.
        cross_realm_bots: everyone
          .filter((u) => u.id === realm.notificationBotId)
          .map((u) => userRow(u, { systemBotId: realm.notificationBotId })),
        // The caller's own avatar is always a URL (Zulip forces client_gravatar off for it).
        avatar_source: 'G',
        avatar_url_medium: avatarUrl(user, { medium: true }),
        avatar_url: avatarUrl(user),
        ...creationRights(user),
        is_admin: isAdministrator(user),
        is_owner: user.role === UserRole.OWNER,
        is_moderator: user.role === UserRole.MODERATOR,
        is_guest: user.role === UserRole.GUEST,
        user_id: user.id,
        email: user.email,
        delivery_email: user.email,
        full_name: user.fullName,
      });
    }
    return state;
  }
}

// What the realm's default permission groups let the caller create: channels for members (not
// guests), web-public channels for owners, invitations for members.
function creationRights(user: UserEntity) {
  const member = user.role !== UserRole.GUEST;
  const owner = user.role === UserRole.OWNER;
  return {
    can_create_private_streams: member,
    can_create_public_streams: member,
    can_create_web_public_streams: owner,
    can_create_streams: member,
    can_invite_others_to_realm: member,
  };
}
