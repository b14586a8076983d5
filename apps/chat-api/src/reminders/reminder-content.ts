import { messageNearUrl } from '../messages/narrow-url.js';

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
  // Zulip's normalize_note_text: trailing whitespace and leading blank lines go.
  const text = note.trimEnd().replace(/^\n+/, '');
  const subject =
    message.type === 'stream'
      ? `#**${String(message.display_recipient)}>${message.subject}@${message.id}**`
      : 'the following direct message';
  const request = text
    ? `You requested a reminder for ${subject}. Note:\n > ${text}`
    : `You requested a reminder for ${subject}.`;
  const mention = `@_**${message.sender_full_name}|${message.sender_id}**`;
  const link = messageNearUrl(realmUrl, message);
  return `${request}\n\n${mention} [said](${link}):\n` + '```quote\n' + `${rawContent}\n` + '```';
}
