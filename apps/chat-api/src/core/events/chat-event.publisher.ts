import { ChatTopic, type ChatEventV1, type ChatTopics } from '@shared/contracts';
import type { OutboxClause, OutboxTransaction } from '@platform/messaging';

export type ChatTransaction = OutboxTransaction<ChatTopics>;

// Announces a Zulip event to some users of a realm, committed with the change it describes.
// Keyed by realm so one realm's events keep their order.
export async function publishChatEvent(tx: ChatTransaction, event: ChatEventV1): Promise<void> {
  if (event.userIds.length === 0) return;
  await tx.publish(ChatTopic.Events, event, { key: String(event.realmId) });
}

// Several events in one INSERT, stored in the order given (a batch of messages).
export async function publishChatEvents(tx: ChatTransaction, events: readonly ChatEventV1[]): Promise<void> {
  await tx.publishMany(
    ChatTopic.Events,
    events
      .filter((event) => event.userIds.length > 0)
      .map((event) => ({ payload: event, options: { key: String(event.realmId) } })),
  );
}

// The same announcement as a CTE of a statement of TransactionalOutbox.statement, stored where
// `condition` holds.
export function chatEventClause(
  outbox: OutboxClause<ChatTopics>,
  event: ChatEventV1,
  condition: string,
): string {
  return outbox.event(ChatTopic.Events, event, { key: String(event.realmId) }, condition);
}
