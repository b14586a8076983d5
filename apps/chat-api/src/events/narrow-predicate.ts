import { ChatError } from '../core/http/chat.error.js';
import { isResolvedTopic } from '../core/messages/resolved-topic.js';

// One `[operator, operand]` term of the narrow a queue was registered with.
export type NarrowTerm = readonly [string, string];

const CHANNEL_OPERATORS = ['channel', 'stream'];
const SUPPORTED_OPERATORS = [...CHANNEL_OPERATORS, 'topic', 'sender', 'is'];

// Zulip's check_narrow_for_events: the operators a queue can filter its message events by.
export function checkNarrowForEvents(narrow: readonly NarrowTerm[]): void {
  for (const [operator, operand] of narrow) {
    if (!SUPPORTED_OPERATORS.includes(operator))
      throw ChatError.badRequest(`Operator ${operator} not supported.`);
    if (operator === 'is' && operand === 'followed')
      throw ChatError.badRequest(`Operand ${operand} not supported.`);
  }
}

// Zulip's build_narrow_predicate: whether a message event (as this queue's client sees it)
// matches every term. Unknown `is` operands match everything, as in Zulip.
export function matchesNarrow(
  narrow: readonly NarrowTerm[],
  message: Readonly<Record<string, unknown>>,
  flags: readonly string[],
): boolean {
  const isStream = message['type'] === 'stream';
  const topic = String(message['subject'] ?? '');
  return narrow.every(([operator, operand]) => {
    if (CHANNEL_OPERATORS.includes(operator))
      return isStream && operand.toLowerCase() === String(message['display_recipient']).toLowerCase();
    if (operator === 'topic') return isStream && operand.toLowerCase() === topic.toLowerCase();
    if (operator === 'sender') return operand.toLowerCase() === String(message['sender_email']).toLowerCase();
    if (operator !== 'is') return true;
    if (operand === 'dm' || operand === 'private') return message['type'] === 'private';
    if (operand === 'starred') return flags.includes('starred');
    if (operand === 'unread') return !flags.includes('read');
    if (operand === 'alerted' || operand === 'mentioned') return flags.includes('mentioned');
    if (operand === 'resolved') return isStream && isResolvedTopic(topic);
    return true;
  });
}
