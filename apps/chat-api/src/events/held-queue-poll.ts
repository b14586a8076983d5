import type { QueuedEvent } from './event-queue.js';

// A poll of a queue held by this replica (one passed on by another replica included).
export interface HeldQueuePoll {
  readonly userId: number;
  readonly queueId: string;
  readonly lastEventId: number;
  readonly dontBlock: boolean;
}

export interface PollResult {
  readonly events: QueuedEvent[];
  readonly queue_id?: string;
}
