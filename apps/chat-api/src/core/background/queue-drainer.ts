import type { Logger } from '@platform/logging';
import { RecurringPass } from '@shared/util';

// Works through a table-backed queue shared by every replica: claims due items (a lease, FOR
// UPDATE SKIP LOCKED) and runs them until none is due, every `intervalMs` and at once when woken
// (after a commit on this replica queued work). Stopping does not wait for the items under way:
// their claims lapse and a later pass, here or on another replica, takes them again.
export class QueueDrainer<T> {
  private readonly passes: RecurringPass;

  constructor(
    private readonly claimDue: () => Promise<readonly T[]>,
    private readonly run: (item: T) => Promise<void>,
    logger: Logger,
    failure: string,
  ) {
    this.passes = new RecurringPass(
      () => this.drain(),
      (error) => logger.error({ err: error }, failure),
    );
  }

  start(intervalMs: number): void {
    this.passes.start(intervalMs, { runNow: true });
  }

  stop(): void {
    void this.passes.stop();
  }

  wake(): void {
    this.passes.kick();
  }

  private async drain(): Promise<void> {
    while (!this.passes.stopped) {
      const due = await this.claimDue();
      if (due.length === 0) return;
      await Promise.all(due.map((item) => this.run(item)));
    }
  }
}
