import { unixSeconds } from '../core/http/python-isoformat.js';
import type { StreamEntity } from './stream.entity.js';
import type { SubscriptionEntity } from './subscription.entity.js';

// What a channel's row counts: its first message and its subscribers (active accounts).
export interface StreamStats {
  readonly firstMessageId: number | null;
  readonly subscriberCount: number;
}

// A channel just created: no message, nobody subscribed yet.
export const NEW_STREAM_STATS: StreamStats = { firstMessageId: null, subscriberCount: 0 };

// A channel as GET /streams and the `stream` events describe it. Zulip's permission-group
// settings (can_*_group) are not served: this server has no user groups.
export function streamRow(stream: StreamEntity, renderedDescription: string, stats: StreamStats) {
  return {
    stream_id: stream.id,
    name: stream.name,
    is_archived: stream.isArchived,
    description: stream.description,
    rendered_description: renderedDescription,
    date_created: unixSeconds(stream.dateCreated),
    creator_id: stream.creatorId,
    invite_only: stream.inviteOnly,
    is_web_public: false,
    stream_post_policy: 1,
    message_retention_days: null,
    history_public_to_subscribers: stream.historyPublicToSubscribers,
    first_message_id: stats.firstMessageId,
    folder_id: stream.folderId,
    topics_policy: 'inherit',
    subscriber_count: stats.subscriberCount,
    is_recently_active: true,
    is_announcement_only: false,
    stream_weekly_traffic: null,
  };
}

// A subscription as GET /users/me/subscriptions, /register and `subscription` events list it.
export function subscriptionRow(
  stream: StreamEntity,
  renderedDescription: string,
  subscription: SubscriptionEntity,
  stats: StreamStats,
  subscribers?: readonly number[],
) {
  return {
    ...streamRow(stream, renderedDescription, stats),
    color: subscription.color,
    is_muted: subscription.isMuted,
    in_home_view: !subscription.isMuted,
    pin_to_top: subscription.pinToTop,
    desktop_notifications: subscription.desktopNotifications ?? null,
    email_notifications: subscription.emailNotifications ?? null,
    wildcard_mentions_notify: subscription.wildcardMentionsNotify ?? null,
    push_notifications: subscription.pushNotifications ?? null,
    audible_notifications: subscription.audibleNotifications ?? null,
    ...(subscribers ? { subscribers: [...subscribers] } : {}),
  };
}
