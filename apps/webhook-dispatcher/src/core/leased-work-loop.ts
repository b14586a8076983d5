import { WakeSignal } from '@shared/util';

export interface LeasedWork<T> {
  // How many items may be worked on at once.
  readonly capacity: number;
  // How long the loop sleeps when nothing wakes it; work that comes due in the database is found then.
  readonly pollIntervalMs: number;
  // Leases up to `limit` due items; a failure is the worker's to log (it returns none then).
  claim(limit: number): Promise<readonly T[]>;
  process(item: T): Promise<unknown>;
  onProcessFailed(error: unknown, item: T): void;
}

// The claim/poll loop the dispatcher's workers share: claims due items up to the free capacity,
// works on them concurrently, and sleeps until the poll interval passes or `kick` wakes it. Every
// replica runs one; the workers' leases (SKIP LOCKED claims) keep them apart.
export class LeasedWorkLoop<T> {
  private running = false;
  private loop: Promise<void> | null = null;
  private readonly wakeSignal = new WakeSignal();
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly work: LeasedWork<T>) {}

  start(): void {
    this.running = true;
    this.loop = this.run();
  }

  // Stops claiming and waits for the items in flight.
  async stop(): Promise<void> {
    this.running = false;
    this.kick();
    await this.loop;
  }

  kick(): void {
    this.wakeSignal.wake();
  }

  // Works on an item the caller claimed itself, outside the loop's capacity.
  async perform(item: T): Promise<void> {
    await this.process(item);
    this.kick();
  }

  private async run(): Promise<void> {
    while (this.running) {
      const capacity = this.work.capacity - this.inFlight.size;
      const claimed = capacity > 0 ? await this.work.claim(capacity) : [];
      for (const item of claimed) this.track(item);
      // A full batch: more may be due.
      if (claimed.length > 0 && claimed.length === capacity) continue;
      await this.wakeSignal.sleep(this.work.pollIntervalMs);
    }
    await Promise.all(this.inFlight);
  }

  // A finished item may free a slot or the next item of the same sequence: the loop looks again
  // at once, after the slot is given back.
  private track(item: T): void {
    const work: Promise<void> = this.process(item).finally(() => {
      this.inFlight.delete(work);
      this.kick();
    });
    this.inFlight.add(work);
  }

  private async process(item: T): Promise<void> {
    try {
      await this.work.process(item);
    } catch (error) {
      this.work.onProcessFailed(error, item);
    }
  }
}
