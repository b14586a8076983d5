import type { ChatEventV1 } from '@shared/contracts';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { toMessageRuns } from '../events/message-runs.js';
import type { FlagChange } from './flag-rules.js';

// Zulip's update_message_flags event, for the caller's queues. Its `messages` travel as runs
// of consecutive ids, expanded by the queues: a bulk change names thousands.
export function flagsEvent(
  caller: ChatCaller,
  change: FlagChange,
  messages: readonly number[],
  extra: Record<string, unknown> = {},
): ChatEventV1 {
  return {
    realmId: caller.realm.id,
    userIds: [caller.user.id],
    event: {
      type: 'update_message_flags',
      op: change.operation,
      operation: change.operation,
      flag: change.flag,
      all: false,
      ...extra,
    },
    messageRuns: toMessageRuns(messages),
  };
}
