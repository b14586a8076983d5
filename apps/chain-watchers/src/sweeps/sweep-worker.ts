import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { LOGGER, type Logger } from '@platform/logging';
import { Clock, IdGenerator, RecurringPass } from '@shared/util';
import { ChainWatchersConfig } from '../chain-watchers.config.js';
import { DepositSweeper } from './deposit-sweeper.js';
import type { SweepEntity } from './sweep.entity.js';
import { SweepsRepository } from './sweeps.repository.js';

export const DEPOSIT_SWEEPERS = Symbol('DepositSweepers');
const OPEN_BATCH = 20;
// New sweeps one pass starts per chain; what is left waits for the next pass.
const NEW_PER_PASS = 20;

// Every SWEEP_INTERVAL_MS, per chain: first the sweeps left open (a pending attempt, a restart),
// then new ones, each taking the deposit accounts a transfer was seen arriving at. An account is
// claimed by one sweep at a time and a sweep worked on by one replica at a time (its lease), and
// every signed transaction is recorded before it is broadcast: a sweep is made once, whatever
// the restarts, and a pass with nothing due signs nothing.
@Injectable()
export class SweepWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly passes = new RecurringPass(
    () => this.pass(),
    (error) => this.logger.error({ err: error }, 'sweep pass failed'),
  );

  constructor(
    @Inject(DEPOSIT_SWEEPERS) private readonly sweepers: readonly DepositSweeper[],
    private readonly sweeps: SweepsRepository,
    private readonly config: ChainWatchersConfig,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    const waiting = this.sweepers.flatMap((sweeper) => {
      const reason = sweeper.notReady();
      return reason ? [{ blockchain: sweeper.blockchain, reason }] : [];
    });
    for (const { blockchain, reason } of waiting)
      this.logger.warn({ blockchain, reason }, 'deposits on this chain are not swept');
    if (waiting.length < this.sweepers.length)
      this.passes.start(this.config.SWEEP_INTERVAL_MS, { runNow: true });
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.passes.stop();
  }

  // One pass now, awaited (operations and tests); the recurring passes go on.
  sweepNow(): Promise<void> {
    return this.pass();
  }

  private async pass(): Promise<void> {
    for (const sweeper of this.sweepers) {
      if (sweeper.notReady()) continue;
      for (const sweep of await this.sweeps.pending(sweeper.blockchain, OPEN_BATCH)) {
        if (this.passes.stopped) return;
        if (await this.sweeps.lease(sweep.id, this.clock.now(), this.leaseEnd()))
          await this.work(sweeper, sweep);
      }
      for (let started = 0; started < NEW_PER_PASS && !this.passes.stopped; started += 1) {
        const sweep = this.newSweep(sweeper);
        if ((await this.sweeps.claim(sweep, sweeper.batchSize)).length === 0) break;
        await this.work(sweeper, sweep);
      }
    }
  }

  private async work(sweeper: DepositSweeper, sweep: SweepEntity): Promise<void> {
    try {
      await sweeper.advance(sweep);
    } catch (error) {
      this.logger.warn({ err: error, sweepId: sweep.id }, 'sweep not done yet; retried later');
    } finally {
      await this.sweeps.releaseLease(sweep.id);
    }
  }

  private newSweep(sweeper: DepositSweeper): SweepEntity {
    return {
      id: this.ids.uuid(),
      blockchain: sweeper.blockchain,
      status: 'PENDING',
      destination: sweeper.destination(),
      plannedAt: null,
      txHash: null,
      networkFee: null,
      gasFunded: null,
      failureReason: null,
      leasedUntil: this.leaseEnd(),
      createdAt: this.clock.now(),
      settledAt: null,
    };
  }

  private leaseEnd(): Date {
    return new Date(this.clock.now().getTime() + this.config.REFUND_LEASE_MS);
  }
}
