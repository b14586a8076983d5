import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { LOGGER, type Logger } from '@platform/logging';
import { Clock, IdGenerator, RecurringPass } from '@shared/util';
import { ChainWatchersConfig } from '../core/chain-watchers.config.js';
import { ChainAdapters, type AdapterWithDepositAccounts } from '../core/chains/chain-adapters.js';
import { DepositKeys } from '../core/chains/deposit-keys.js';
import { DepositSweeper } from './deposit-sweeper.js';
import type { SweepEntity } from './sweep.entity.js';
import { SweepsRepository } from './sweeps.repository.js';

const OPEN_BATCH = 20;
// New sweeps one pass starts per chain; what is left waits for the next pass.
const NEW_PER_PASS = 20;

// Every SWEEP_INTERVAL_MS, per chain with per-transaction deposit accounts: first the sweeps left
// open (a pending attempt, a restart), then new ones, each taking the deposit accounts a transfer
// was seen arriving at. An account is claimed by one sweep at a time and a sweep worked on by one
// replica at a time (its lease), and every signed transaction is recorded before it is
// broadcast: a sweep is made once, whatever the restarts, and a pass with nothing due signs
// nothing.
@Injectable()
export class SweepWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly passes = new RecurringPass(
    () => this.pass(),
    (error) => this.logger.error({ err: error }, 'sweep pass failed'),
  );

  constructor(
    private readonly adapters: ChainAdapters,
    private readonly keys: DepositKeys,
    private readonly sweeper: DepositSweeper,
    private readonly sweeps: SweepsRepository,
    private readonly config: ChainWatchersConfig,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    const chains = this.adapters.withDepositAccounts();
    const waiting = chains.flatMap((adapter) => {
      const reason = this.notReady(adapter);
      return reason ? [{ blockchain: adapter.blockchain, reason }] : [];
    });
    for (const { blockchain, reason } of waiting)
      this.logger.warn({ blockchain, reason }, 'deposits on this chain are not swept');
    if (waiting.length < chains.length) this.passes.start(this.config.SWEEP_INTERVAL_MS, { runNow: true });
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.passes.stop();
  }

  // One pass now, awaited (operations and tests); the recurring passes go on.
  sweepNow(): Promise<void> {
    return this.pass();
  }

  // Why this chain's sweeps wait (a missing key), or null when they can run.
  private notReady(adapter: AdapterWithDepositAccounts): string | null {
    if (!this.keys.configured) return 'DEPOSIT_MASTER_SECRET is not set';
    const { missingKey } = adapter.hotWallet;
    return missingKey ? `${missingKey} (the treasury) is not set` : null;
  }

  private async pass(): Promise<void> {
    for (const adapter of this.adapters.withDepositAccounts()) {
      if (this.notReady(adapter)) continue;
      for (const sweep of await this.sweeps.pending(adapter.blockchain, OPEN_BATCH)) {
        if (this.passes.stopped) return;
        if (await this.sweeps.lease(sweep.id, this.clock.now(), this.leaseEnd()))
          await this.work(adapter, sweep);
      }
      for (let started = 0; started < NEW_PER_PASS && !this.passes.stopped; started += 1) {
        const sweep = this.newSweep(adapter);
        if ((await this.sweeps.claim(sweep, adapter.depositAccounts.sweeps.accountsPerSweep)).length === 0)
          break;
        await this.work(adapter, sweep);
      }
    }
  }

  private async work(adapter: AdapterWithDepositAccounts, sweep: SweepEntity): Promise<void> {
    try {
      await this.sweeper.advance(adapter, sweep);
    } catch (error) {
      this.logger.warn({ err: error, sweepId: sweep.id }, 'sweep not done yet; retried later');
    } finally {
      await this.sweeps.releaseLease(sweep.id);
    }
  }

  private newSweep(adapter: AdapterWithDepositAccounts): SweepEntity {
    return {
      id: this.ids.uuid(),
      blockchain: adapter.blockchain,
      status: 'PENDING',
      // The treasury is the chain's hot wallet.
      destination: adapter.hotWallet.address!,
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
