import { ChatError, ChatErrorCode } from '../core/http/chat.error.js';

// Zulip 11's permission checks of check_update_message, over facts the use case gathers.
// Clients get 20 seconds past each limit (edit_limit_buffer: the web app offers editing a little
// past it, and requests take time).
export const EDIT_LIMIT_BUFFER_SECONDS = 20;

export const NO_EDIT_PERMISSION = "You don't have permission to edit this message";
export const EDIT_LIMIT_PASSED = 'The time limit for editing this message has passed';
export const NO_RESOLVE_PERMISSION = "You don't have permission to resolve topics in this channel.";
export const TOPIC_LIMIT_PASSED = "The time limit for editing this message's topic has passed.";
export const NO_MOVE_PERMISSION = "You don't have permission to move this message";
export const CHANNEL_LIMIT_PASSED = "The time limit for editing this message's channel has passed";

// validate_user_can_edit_message: only the sender edits content, within the realm's
// message_content_edit_limit_seconds (null: no limit).
export function contentEditRefusal(facts: {
  readonly isSender: boolean;
  readonly ageSeconds: number;
  readonly limitSeconds: number | null;
}): string | null {
  if (!facts.isSender) return NO_EDIT_PERMISSION;
  if (passed(facts.ageSeconds, facts.limitSeconds)) return EDIT_LIMIT_PASSED;
  return null;
}

// A topic change: resolving needs can_resolve_topics_group and no time limit; another topic
// needs can_move_messages_between_topics_group, and moderators (and above) alone are free of
// move_messages_within_stream_limit_seconds.
export function topicMoveRefusal(facts: {
  readonly resolving: boolean;
  readonly canResolve: boolean;
  readonly canMoveTopics: boolean;
  readonly isModerator: boolean;
  readonly ageSeconds: number;
  readonly limitSeconds: number | null;
}): string | null {
  if (facts.resolving) return facts.canResolve ? null : NO_RESOLVE_PERMISSION;
  if (!facts.canMoveTopics) return NO_EDIT_PERMISSION;
  if (!facts.isModerator && passed(facts.ageSeconds, facts.limitSeconds)) return TOPIC_LIMIT_PASSED;
  return null;
}

// A move to another channel: can_move_messages_between_channels_group (members; never guests),
// within move_messages_between_streams_limit_seconds unless a moderator.
export function channelMoveRefusal(facts: {
  readonly canMoveBetweenChannels: boolean;
  readonly isModerator: boolean;
  readonly ageSeconds: number;
  readonly limitSeconds: number | null;
}): string | null {
  if (!facts.canMoveBetweenChannels) return NO_MOVE_PERMISSION;
  if (!facts.isModerator && passed(facts.ageSeconds, facts.limitSeconds)) return CHANNEL_LIMIT_PASSED;
  return null;
}

function passed(ageSeconds: number, limitSeconds: number | null): boolean {
  return limitSeconds !== null && ageSeconds > limitSeconds + EDIT_LIMIT_BUFFER_SECONDS;
}

// check_time_limit_for_change_all_propagate_mode: moving a whole topic, someone bound by the
// time limit may move it only if every message in it is recent enough. Ids ascend with dates.
export function changeAllRefusal(
  messages: ReadonlyArray<{ readonly id: number; readonly ageSeconds: number }>,
  limitSeconds: number | null,
): ChatError | null {
  const allowed = messages.filter((message) => !passed(message.ageSeconds, limitSeconds));
  if (allowed.length === messages.length) return null;
  const extra = {
    first_message_id_allowed_to_move: allowed[0]?.id ?? null,
    total_messages_in_topic: messages.length,
    total_messages_allowed_to_move: allowed.length,
  };
  return new ChatError(
    ChatErrorCode.MOVE_MESSAGES_TIME_LIMIT_EXCEEDED,
    `You only have permission to move the ${allowed.length}/${messages.length} most recent messages in this topic.`,
    extra,
  );
}
