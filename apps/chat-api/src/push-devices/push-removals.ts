import { Injectable } from '@nestjs/common';
import { Clock } from '@shared/util';
import type { ChatTransaction } from '../core/events/chat-event.publisher.js';
import { PushJobsRepository } from './push-jobs.repository.js';
import { type PushNotice, PushNoticesRepository } from './push-notices.repository.js';

// Takes the notifications phones show about messages a user no longer has unread and queues
// one removal call per user for them, in the caller's transaction.
@Injectable()
export class PushRemovals {
  constructor(
    private readonly notices: PushNoticesRepository,
    private readonly jobs: PushJobsRepository,
    private readonly clock: Clock,
  ) {}

  async queue(
    tx: ChatTransaction,
    userIds: readonly number[],
    messageIds: readonly number[],
  ): Promise<boolean> {
    return this.enqueue(tx, await this.notices.take(tx, userIds, messageIds));
  }

  // After marking everything read, which names no messages: every notice about a message the
  // users no longer have unread (Zulip's do_mark_all_as_read clears them all).
  async queueAllRead(tx: ChatTransaction, userIds: readonly number[]): Promise<boolean> {
    return this.enqueue(tx, await this.notices.takeNoLongerUnread(tx, userIds));
  }

  private async enqueue(tx: ChatTransaction, taken: readonly PushNotice[]): Promise<boolean> {
    await this.jobs.enqueue(
      tx,
      [...byUser(taken)].map(([userId, { realmId, messageIds: ids }]) => ({
        kind: 'remove' as const,
        realmId,
        userId,
        data: { messageIds: ids },
      })),
      this.clock.now(),
    );
    return taken.length > 0;
  }
}

function byUser(notices: readonly PushNotice[]): Map<number, { realmId: number; messageIds: number[] }> {
  const grouped = new Map<number, { realmId: number; messageIds: number[] }>();
  for (const notice of notices) {
    const entry = grouped.get(notice.userId) ?? { realmId: notice.realmId, messageIds: [] };
    entry.messageIds.push(notice.messageId);
    grouped.set(notice.userId, entry);
  }
  return grouped;
}
