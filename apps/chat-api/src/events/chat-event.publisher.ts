import { ChatTopic, type ChatEventV1, type ChatTopics } from '@shared/contracts';
import type { OutboxTransaction } from '@platform/messaging';

export type ChatTransaction = OutboxTransaction<ChatTopics>;

// Announces a Zulip event to some users of a realm, committed with the change it describes.
// Keyed by realm so one realm's events keep their order.
export async function publishChatEvent(tx: ChatTransaction, event: ChatEventV1): Promise<void> {
  if (event.userIds.length === 0) return;
  await tx.publish(ChatTopic.Events, event, { key: String(event.realmId) });
}
