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

const OPEN_BATCH = 100;

// Every SWEEP_INTERVAL_MS, every chain with per-transaction deposit accounts side by side: first
// the sweeps left open (a pending attempt, a restart), then new ones, each taking the deposit
// accounts a transfer was seen arriving at, until no account that was due when the pass began
// is left. Up to SWEEP_CONCURRENCY sweeps of a chain advance together (DepositSweeper's rounds),
// so a pass's length grows with the backlog / SWEEP_CONCURRENCY, not with the backlog. A pass
// that swept something is followed by another after SWEEP_RERUN_MS (what came due meanwhile);
// one that swept nothing (nothing due, or every sweep failing) waits the interval. An account is
// claimed by one sweep at a time and a sweep worked on by one replica at a time (its lease),
// and every signed transaction is recorded before it is broadcast: a sweep is made once,
// whatever the restarts, and a pass with nothing due signs nothing.
@Injectable()
export class SweepWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly passes = new RecurringPass(
    () => this.pass(),
    (error) => this.logger.error({ err: error }, 'sweep pass failed'),
  );
  private rerun: NodeJS.Timeout | null = null;

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
    if (this.rerun) clearTimeout(this.rerun);
    return this.passes.stop();
  }

  // One pass now, awaited (operations and tests); the recurring passes go on.
  async sweepNow(): Promise<void> {
    await this.sweepAll();
  }

  // Why this chain's sweeps wait (a missing key), or null when they can run.
  private notReady(adapter: AdapterWithDepositAccounts): string | null {
    if (!this.keys.configured) return 'DEPOSIT_MASTER_SECRET is not set';
    const { missingKey } = adapter.hotWallet;
    return missingKey ? `${missingKey} (the treasury) is not set` : null;
  }

  private async pass(): Promise<void> {
    if ((await this.sweepAll()) === 0 || this.passes.stopped) return;
    if (this.rerun) clearTimeout(this.rerun);
    this.rerun = setTimeout(() => this.passes.kick(), this.config.SWEEP_RERUN_MS);
    this.rerun.unref();
  }

  // How many sweeps were swept, on every ready chain.
  private async sweepAll(): Promise<number> {
    const dueBy = this.clock.now();
    const ready = this.adapters.withDepositAccounts().filter((adapter) => !this.notReady(adapter));
    const swept = await Promise.all(ready.map((adapter) => this.sweepChain(adapter, dueBy)));
    return swept.reduce((total, count) => total + count, 0);
  }

  // Rounds of up to SWEEP_CONCURRENCY sweeps until neither an open sweep nor an account due by
  // `dueBy` is left. A sweep that could not finish stays open for the next pass, and an account
  // is claimed once per pass: one whose sweep failed (still due) or that a sweep gave back (over
  // its planner's balances per sweep) waits for the next pass, so a failing one never spins.
  private async sweepChain(adapter: AdapterWithDepositAccounts, dueBy: Date): Promise<number> {
    const open = await this.sweeps.pending(adapter.blockchain, OPEN_BATCH);
    const claimed: string[] = [];
    let swept = 0;
    let due = true;
    while (!this.passes.stopped) {
      const batch: SweepEntity[] = [];
      while (batch.length < this.config.SWEEP_CONCURRENCY && open.length > 0) {
        const sweep = open.shift()!;
        if (await this.sweeps.lease(sweep.id, this.clock.now(), this.leaseEnd())) batch.push(sweep);
      }
      while (due && batch.length < this.config.SWEEP_CONCURRENCY) {
        const sweep = this.newSweep(adapter);
        const { accountsPerSweep } = adapter.depositAccounts.sweeps;
        const accounts = await this.sweeps.claim(sweep, accountsPerSweep, { by: dueBy, skipped: claimed });
        claimed.push(...accounts.map(({ transactionId }) => transactionId));
        due = accounts.length > 0;
        if (due) batch.push(sweep);
      }
      if (batch.length === 0) return swept;
      try {
        swept += await this.sweeper.advance(adapter, batch);
      } finally {
        await Promise.all(batch.map(({ id }) => this.sweeps.releaseLease(id)));
      }
    }
    return swept;
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
