import { messageLinkSyntax, messageNearUrl } from '../messages/narrow-url.js';
import { ChatError } from '../core/http/chat.error.js';
import { MAX_REMINDER_NOTE_LENGTH } from '../core/server-facts.js';

// The Notification Bot's reminder text, as Zulip words it (zerver/lib/reminders.py): a link to
// the message, the note quoted, and the message itself quoted under its sender's silent mention,
// with an absolute link to it.
export interface RemindedMessage {
  readonly id: number;
  readonly type: string;
  readonly stream_id?: number | null;
  readonly display_recipient: unknown;
  readonly subject: string;
  readonly sender_id: number;
  readonly sender_full_name: string;
}

export function reminderContent(
  message: RemindedMessage,
  rawContent: string,
  note: string,
  realmUrl: string,
): string {
  const text = normalizeNote(note);
  const subject =
    message.type === 'stream'
      ? messageLinkSyntax(message.stream_id!, String(message.display_recipient), message.subject, message.id)
      : 'the following direct message';
  const request = text
    ? `You requested a reminder for ${subject}. Note:\n > ${text}`
    : `You requested a reminder for ${subject}.`;
  const mention = `@_**${message.sender_full_name}|${message.sender_id}**`;
  const link = messageNearUrl(realmUrl, message);
  return `${request}\n\n${mention} [said](${link}):\n` + '```quote\n' + `${rawContent}\n` + '```';
}

// Zulip's normalize_note_text: trailing whitespace and leading blank lines go, and what is left
// is bounded (counted in code points, as Python does).
function normalizeNote(note: string): string {
  const text = note.trimEnd().replace(/^\n+/, '');
  if ([...text].length > MAX_REMINDER_NOTE_LENGTH)
    throw ChatError.badRequest(`Maximum reminder note length: ${MAX_REMINDER_NOTE_LENGTH} characters`);
  return text;
}
