import { MessageFlag } from '../core/database/message-flags.js';
import { ChatError } from '../core/http/chat.error.js';

// The flags a user may change through POST /messages/flags. Zulip knows more names: the
// bookkeeping ones (mentions, alert words, historical, and two unused ones) exist but are
// "not editable"; anything else — `wildcard_mentioned` included — is an invalid flag.
const EDITABLE = { read: MessageFlag.read, starred: MessageFlag.starred, collapsed: MessageFlag.collapsed };
const NOT_EDITABLE = new Set([
  'mentioned',
  'stream_wildcard_mentioned',
  'topic_wildcard_mentioned',
  'group_mentioned',
  'force_expand',
  'force_collapse',
  'has_alert_word',
  'historical',
]);

export type EditableFlag = keyof typeof EDITABLE;
export type FlagOperation = 'add' | 'remove';

export interface FlagChange {
  readonly flag: EditableFlag;
  readonly operation: FlagOperation;
  // The flag's bit, and the value that bit takes.
  readonly bit: number;
  readonly target: number;
}

// Zulip checks the flag, then the operation.
export function flagChange(flag: string, operation: string): FlagChange {
  if (!(flag in EDITABLE) && !NOT_EDITABLE.has(flag)) throw ChatError.badRequest(`Invalid flag: '${flag}'`);
  if (NOT_EDITABLE.has(flag)) throw ChatError.badRequest(`Flag not editable: '${flag}'`);
  if (operation !== 'add' && operation !== 'remove')
    throw ChatError.badRequest(`Invalid message flag operation: '${operation}'`);
  const bit = EDITABLE[flag as EditableFlag];
  return { flag: flag as EditableFlag, operation, bit, target: operation === 'add' ? bit : 0 };
}

// Marking unread skips channels the user is not subscribed to: Zulip keeps every unread
// message in a subscribed channel.
export function marksUnread(change: FlagChange): boolean {
  return change.flag === 'read' && change.operation === 'remove';
}
