import { Injectable } from '@nestjs/common';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { ChatError, ChatErrorCode } from '../core/http/chat.error.js';
import { EMPTY_TOPIC_DISPLAY_NAME } from '../core/server-facts.js';
import { MessageAccess } from './message-access.js';
import { MessagesRepository } from './messages.repository.js';
import { badNarrow, type NarrowTerm } from './narrow.js';

// The terms a `with` conversation replaces, and those that define a conversation without it.
const CONVERSATION_OPERATORS = new Set(['stream', 'channel', 'topic', 'dm', 'pm-with']);

// Zulip's clean_narrow_for_message_fetch, before anything is counted or fetched: the empty
// topic's display name means the empty topic, and a `with` term (Zulip 9) becomes the current
// conversation of its message.
@Injectable()
export class NarrowCleaner {
  constructor(
    private readonly messages: MessagesRepository,
    private readonly access: MessageAccess,
  ) {}

  async clean(caller: ChatCaller, narrow: readonly NarrowTerm[]): Promise<readonly NarrowTerm[]> {
    return this.withConversation(caller, withEmptyTopic(narrow));
  }

  // update_narrow_terms_containing_with_operator.
  private async withConversation(
    caller: ChatCaller,
    narrow: readonly NarrowTerm[],
  ): Promise<readonly NarrowTerm[]> {
    const withTerms = narrow.filter((term) => term.operator === 'with');
    if (withTerms.length > 1) throw badCombination("Duplicate 'with' operators.");
    const [withTerm] = withTerms;
    if (!withTerm) return narrow;
    const rest = narrow.filter((term) => term !== withTerm);
    const id = pythonInt(withTerm.operand);
    if (id === null) throw badNarrow("Invalid 'with' operator");
    const message = await this.messages.findById(caller.realm.id, id);
    if (!message || (await this.access.flagsOf(caller, message)) === null) {
      if (definesConversation(rest)) return rest;
      throw badNarrow("Invalid 'with' operator");
    }
    const others = rest.filter((term) => !CONVERSATION_OPERATORS.has(term.operator));
    if (message.streamId !== null)
      return [
        { operator: 'channel', operand: message.streamId, negated: false },
        { operator: 'topic', operand: message.topic, negated: false },
        ...others,
      ];
    const recipient = await this.messages.findRecipient(caller.realm.id, message.recipientId);
    return [{ operator: 'dm', operand: recipient?.userIds ?? [], negated: false }, ...others];
  }
}

// update_narrow_terms_containing_empty_topic_fallback_name: the first `topic` term naming the
// realm's empty-topic display name means the empty topic.
function withEmptyTopic(narrow: readonly NarrowTerm[]): readonly NarrowTerm[] {
  const first = narrow.findIndex((term) => term.operator === 'topic');
  if (first < 0 || narrow[first]!.operand !== EMPTY_TOPIC_DISPLAY_NAME) return narrow;
  return narrow.map((term, index) => (index === first ? { ...term, operand: '' } : term));
}

// can_narrow_define_conversation: a dm term, or a channel term with a topic term.
function definesConversation(narrow: readonly NarrowTerm[]): boolean {
  const operators = new Set(narrow.map((term) => term.operator));
  if (operators.has('dm') || operators.has('pm-with')) return true;
  return (operators.has('stream') || operators.has('channel')) && operators.has('topic');
}

// Python's int() of the operand (an integer, or its text with a sign and spaces around).
function pythonInt(operand: unknown): number | null {
  if (typeof operand === 'number') return operand;
  if (typeof operand === 'string' && /^\s*[+-]?\d+\s*$/.test(operand)) return Number(operand);
  return null;
}

// Zulip's InvalidOperatorCombinationError, with its data field `desc`.
function badCombination(description: string): ChatError {
  return new ChatError(ChatErrorCode.BAD_NARROW, `Invalid narrow operator combination: ${description}`, {
    desc: description,
  });
}
