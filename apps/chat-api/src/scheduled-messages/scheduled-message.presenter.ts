import { unixSeconds } from '../core/http/python-isoformat.js';
import type { ScheduledMessageEntity } from './scheduled-message.entity.js';

// A scheduled message as GET /scheduled_messages and its events show it, keys in Zulip's order
// (ScheduledMessage.to_dict).
export function scheduledMessageRow(row: ScheduledMessageEntity) {
  const body = { content: row.content, rendered_content: row.renderedContent };
  const timing = { scheduled_delivery_timestamp: unixSeconds(row.scheduledAt), failed: row.failed };
  return row.streamId !== null
    ? { scheduled_message_id: row.id, to: row.streamId, type: 'stream', ...body, topic: row.topic, ...timing }
    : { scheduled_message_id: row.id, to: directTo(row), type: 'private', ...body, ...timing };
}

// A reminder as GET /reminders and its events show it (ScheduledMessage.to_reminder_dict).
export function reminderRow(row: ScheduledMessageEntity) {
  return {
    reminder_id: row.id,
    to: [row.senderId],
    type: 'private',
    content: row.content,
    rendered_content: row.renderedContent,
    scheduled_delivery_timestamp: unixSeconds(row.scheduledAt),
    failed: row.failed,
    reminder_target_message_id: row.reminderTargetMessageId,
  };
}

// Zulip's get_recipient_ids: a group conversation's other participants, the sender left out.
function directTo(row: ScheduledMessageEntity): number[] {
  return row.recipientIds.length > 1
    ? row.recipientIds.filter((id) => id !== row.senderId)
    : row.recipientIds;
}
