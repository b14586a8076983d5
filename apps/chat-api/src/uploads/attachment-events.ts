import { publishChatEvent, type ChatTransaction } from '../core/events/chat-event.publisher.js';
import type { AttachmentsRepository } from './attachments.repository.js';

// Zulip's notify_attachment_update: an `attachment` event to one user, with the realm's space
// used after the change.
export async function announceAttachment(
  tx: ChatTransaction,
  attachments: AttachmentsRepository,
  to: { readonly realmId: number; readonly userId: number },
  op: 'add' | 'update' | 'remove',
  attachment: Readonly<Record<string, unknown>>,
): Promise<void> {
  await publishChatEvent(tx, {
    realmId: to.realmId,
    userIds: [to.userId],
    event: {
      type: 'attachment',
      op,
      attachment,
      upload_space_used: await attachments.realmSpaceUsed(to.realmId, tx),
    },
  });
}
