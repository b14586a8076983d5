import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

// A message that links an upload (Zulip's Attachment.messages): whoever can read one of these
// messages can download the file.
@Entity({ name: 'attachment_message' })
@Index('attachment_message_message_idx', ['messageId'])
export class AttachmentMessageEntity {
  @PrimaryColumn({ name: 'attachment_id', type: 'int' })
  attachmentId!: number;

  @PrimaryColumn({ name: 'message_id', type: 'int' })
  messageId!: number;

  @Column({ name: 'realm_id', type: 'int' })
  realmId!: number;
}
