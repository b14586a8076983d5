// The Notification Bot's reminder text, as Zulip words it: a link to the message, the note
// quoted, and the message itself quoted under its sender's silent mention.
export interface RemindedMessage {
  readonly id: number;
  readonly type: string;
  readonly display_recipient: unknown;
  readonly subject: string;
  readonly sender_id: number;
  readonly sender_full_name: string;
}

export function reminderContent(message: RemindedMessage, rawContent: string, note: string): string {
  const link =
    message.type === 'stream'
      ? `#**${String(message.display_recipient)}>${message.subject}@${message.id}**`
      : `[this message](#narrow/near/${message.id})`;
  const request = note.trim()
    ? `You requested a reminder for ${link}. Note:\n > ${note.trim()}`
    : `You requested a reminder for ${link}.`;
  return (
    `${request}\n\n@_**${message.sender_full_name}|${message.sender_id}** [said](#narrow/near/${message.id}):\n` +
    '```quote\n' +
    `${rawContent}\n` +
    '```'
  );
}
