import { unixSeconds } from '../request/python-isoformat.js';
import type { ScheduledMessageEntity } from './scheduled-message.entity.js';

// A scheduled message as GET /scheduled_messages and its events show it.
export function scheduledMessageRow(row: ScheduledMessageEntity) {
  const common = {
    scheduled_message_id: row.id,
    content: row.content,
    rendered_content: row.renderedContent,
    scheduled_delivery_timestamp: unixSeconds(row.scheduledAt),
    failed: row.failed,
  };
  return row.streamId !== null
    ? { ...common, to: row.streamId, type: 'stream', topic: row.topic }
    : { ...common, to: row.recipientIds, type: 'private' };
}

// A reminder as GET /reminders and its events show it.
export function reminderRow(row: ScheduledMessageEntity) {
  return {
    reminder_id: row.id,
    type: 'private',
    to: [row.senderId],
    content: row.content,
    rendered_content: row.renderedContent,
    scheduled_delivery_timestamp: unixSeconds(row.scheduledAt),
    failed: row.failed,
    reminder_target_message_id: row.reminderTargetMessageId,
  };
}
