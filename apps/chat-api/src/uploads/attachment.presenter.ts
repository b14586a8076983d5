import type { AttachmentEntity } from './attachment.entity.js';

export interface AttachmentMessageRef {
  readonly id: number;
  readonly dateSent: Date;
}

// Zulip's Attachment.to_dict: times in milliseconds, the messages that link the file.
export function attachmentRow(attachment: AttachmentEntity, messages: readonly AttachmentMessageRef[] = []) {
  return {
    id: attachment.id,
    name: attachment.fileName,
    path_id: attachment.pathId,
    size: Number(attachment.size),
    create_time: attachment.createTime.getTime(),
    messages: messages.map((message) => ({ id: message.id, date_sent: message.dateSent.getTime() })),
  };
}
