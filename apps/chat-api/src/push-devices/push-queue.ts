import { Injectable } from '@nestjs/common';
import { Clock } from '@shared/util';
import type { ChatTransaction } from '../core/events/chat-event.publisher.js';
import { type NewPushJob, PushJobsRepository } from './push-jobs.repository.js';
import { PushWorker } from './push.worker.js';

// Queues calls to the bouncer in the caller's transaction, due now, and wakes this replica's
// worker once they are committed.
@Injectable()
export class PushQueue {
  constructor(
    private readonly jobs: PushJobsRepository,
    private readonly worker: PushWorker,
    private readonly clock: Clock,
  ) {}

  async add(tx: ChatTransaction, jobs: readonly NewPushJob[]): Promise<void> {
    if (jobs.length === 0) return;
    await this.jobs.enqueue(tx, jobs, this.clock.now());
    tx.afterCommit(() => this.worker.wake());
  }
}
