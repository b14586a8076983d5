import type { ChatEventV1 } from '@shared/contracts';
import { type ChatTransaction, publishChatEvent } from '../core/events/chat-event.publisher.js';

// A `scheduled_messages` event (add, update, remove) for the owner's queues.
export function scheduledEvent(
  realmId: number,
  userId: number,
  change: Record<string, unknown>,
): ChatEventV1 {
  return { realmId, userIds: [userId], event: { type: 'scheduled_messages', ...change } };
}

export function announceScheduled(
  tx: ChatTransaction,
  realmId: number,
  userId: number,
  change: Record<string, unknown>,
): Promise<void> {
  return publishChatEvent(tx, scheduledEvent(realmId, userId, change));
}
