import type { UserEntity } from '../core/accounts/user.entity.js';

// Zulip's silent_mention_syntax_for_user: names the actor without notifying them.
export function silentMention(user: Pick<UserEntity, 'fullName' | 'id'>): string {
  return `@_**${user.fullName}|${user.id}**`;
}

// maybe_send_resolve_topic_notifications: posted by the Notification Bot in the topic's new name.
export function resolutionNotice(actor: string, resolved: boolean): string {
  return `${actor} has marked this topic as ${resolved ? 'resolved' : 'unresolved'}.`;
}

// Whether a Notification Bot message is such a notice (Zulip marks them with a message type;
// here no one else can post as the bot, so its text tells).
export function isResolutionNotice(content: string): boolean {
  return /^@_\*\*[^\n]*\|\d+\*\* has marked this topic as (?:un)?resolved\.$/.test(content);
}

// RESOLVE_TOPIC_UNDO_GRACE_PERIOD_SECONDS: toggling back within it takes the notice back
// instead of posting the opposite one.
export const RESOLUTION_UNDO_GRACE_SECONDS = 60;

export interface MoveFacts {
  readonly actor: string;
  readonly movedCount: number;
  // Nothing the actor can see was left behind.
  readonly movedWholeTopic: boolean;
  // The destination held nothing the actor can see before.
  readonly destinationWasEmpty: boolean;
  readonly oldLocation: string;
  readonly newLocation: string;
  readonly movedMessageUrl: string;
}

// do_update_message's breadcrumb in the old topic (send_notification_to_old_thread).
export function oldTopicNotice(facts: MoveFacts): string {
  if (facts.movedWholeTopic) return `This topic was moved to ${facts.newLocation} by ${facts.actor}.`;
  if (facts.movedCount === 1)
    return `A message was moved from this topic to ${facts.newLocation} by ${facts.actor}.`;
  return `${facts.movedCount} messages were moved from this topic to ${facts.newLocation} by ${facts.actor}.`;
}

// The breadcrumb in the new topic (send_notification_to_new_thread).
export function newTopicNotice(facts: MoveFacts): string {
  if (facts.movedWholeTopic && facts.destinationWasEmpty)
    return `This topic was moved here from ${facts.oldLocation} by ${facts.actor}.`;
  if (facts.movedCount === 1)
    return `[A message](${facts.movedMessageUrl}) was moved here from ${facts.oldLocation} by ${facts.actor}.`;
  return `${facts.movedCount} messages were moved here from ${facts.oldLocation} by ${facts.actor}.`;
}
