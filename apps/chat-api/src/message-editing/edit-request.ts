import { ChatError } from '../core/http/chat.error.js';
import { isResolvedTopic, RESOLVED_TOPIC_PREFIX } from '../core/messages/resolved-topic.js';
import { EMPTY_TOPIC_DISPLAY_NAME } from '../core/server-facts.js';
import { normalizeContent, normalizeTopic } from '../messages/message-text.js';

export type PropagateMode = 'change_one' | 'change_later' | 'change_all';

export interface EditParams {
  readonly content: string | undefined;
  readonly topic: string | undefined;
  readonly streamId: number | undefined;
  readonly propagateMode: PropagateMode;
  // send_notification_to_old_thread / send_notification_to_new_thread.
  readonly notifyOldThread: boolean;
  readonly notifyNewThread: boolean;
}

// What an edit changes, checked and normalized (Zulip's check_update_message up to
// build_message_edit_request): null fields are left as they are.
export interface EditRequest {
  readonly content: string | null;
  readonly topic: string | null;
  readonly streamId: number | null;
  readonly propagateMode: PropagateMode;
  // A move that only adds or removes the ✔ prefix: a resolution, not a move to another topic.
  readonly resolved: boolean;
  readonly unresolved: boolean;
}

// Zulip's validate_message_edit_payload and build_message_edit_request for what is sent about a
// message currently in `currentTopic` (null for a direct message). A topic equal to the current
// one is no change; blank content becomes "(deleted)".
export function editRequest(params: EditParams, currentTopic: string | null): EditRequest {
  // Stripped, "(no topic)" and the display name "general chat" read as the empty topic
  // (maybe_rename_general_chat_to_empty_topic), truncated like a new message's topic.
  const normalized = params.topic === undefined ? null : normalizeTopic(params.topic);
  const wanted = normalized === EMPTY_TOPIC_DISPLAY_NAME ? '' : normalized;
  const topic = wanted === currentTopic ? null : wanted;
  if (topic === null && params.content === undefined && params.streamId === undefined)
    throw ChatError.badRequest('Nothing to change');
  if (currentTopic === null) {
    if (params.streamId !== undefined)
      throw ChatError.badRequest('Direct messages cannot be moved to channels.');
    if (topic !== null) throw ChatError.badRequest('Direct messages cannot have topics.');
  }
  if (params.propagateMode !== 'change_one' && topic === null && params.streamId === undefined)
    throw ChatError.badRequest('Invalid propagate_mode without topic edit');
  if (topic === RESOLVED_TOPIC_PREFIX.trim() || topic === RESOLVED_TOPIC_PREFIX + EMPTY_TOPIC_DISPLAY_NAME)
    throw ChatError.badRequest('General chat cannot be marked as resolved');
  if (params.streamId !== undefined && params.content !== undefined)
    throw ChatError.badRequest('Cannot change message content while changing channel');
  const content =
    params.content === undefined
      ? null
      : normalizeContent(params.content.trim() === '' ? '(deleted)' : params.content);
  return {
    content,
    topic,
    streamId: params.streamId ?? null,
    propagateMode: params.propagateMode,
    ...resolution(currentTopic ?? '', topic),
  };
}

// Resolving adds the prefix to exactly the old topic; unresolving strips every leading ✔ and
// space and leaves exactly the rest (Zulip's topic_resolved / topic_unresolved).
function resolution(oldTopic: string, newTopic: string | null): { resolved: boolean; unresolved: boolean } {
  if (newTopic === null) return { resolved: false, unresolved: false };
  const oldResolved = isResolvedTopic(oldTopic);
  const newResolved = isResolvedTopic(newTopic);
  return {
    resolved: newResolved && !oldResolved && newTopic.slice(RESOLVED_TOPIC_PREFIX.length) === oldTopic,
    unresolved: oldResolved && !newResolved && oldTopic.replace(/^[✔ ]+/u, '') === newTopic,
  };
}
