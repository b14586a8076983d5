import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { LOGGER, type Logger } from '@platform/logging';
import { Blockchain } from '@shared/contracts';
import { ChainWatchersConfig } from '../core/chain-watchers.config.js';
import { DepositLedgerRepository } from '../deposits/deposit-ledger.repository.js';
import { DepositWatchMetrics } from '../deposits/deposit-watch.metrics.js';
import { ChainRegistry } from '../core/upstreams/chain-registry.js';
import { RecordStellarPaymentUseCase } from './record-stellar-payment.use-case.js';
import { StellarAccountStream } from './stellar-account-stream.js';
import { StellarHorizon } from './stellar-horizon.js';
import type { StellarPaymentRecord } from './stellar-payments.js';

// One payment stream per Stellar deposit address (active or retired), following rotations, and
// a periodic look-back over each account's latest payments that records whatever a stream missed.
// A stream looks back itself when it opens without a cursor to resume from, so an account's
// payments from before it was watched do not wait for the next pass.
@Injectable()
export class StellarPaymentStreams implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly streams = new Map<string, StellarAccountStream>();
  private readonly timers: NodeJS.Timeout[] = [];
  private reconciling: Promise<void> = Promise.resolve();
  private following: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly config: ChainWatchersConfig,
    private readonly registry: ChainRegistry,
    private readonly horizon: StellarHorizon,
    private readonly ledger: DepositLedgerRepository,
    private readonly recordPayment: RecordStellarPaymentUseCase,
    private readonly metrics: DepositWatchMetrics,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.STELLAR_WATCH) return;
    void this.followAll();
    this.timers.push(setInterval(() => void this.followAll(), this.config.UPSTREAM_CACHE_MS));
    this.timers.push(setInterval(() => void this.reconcileAll(), this.config.STELLAR_RECONCILE_INTERVAL_MS));
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    // A pass in flight could otherwise open a stream after the others were stopped, which would
    // keep retrying for ever.
    await this.following;
    await Promise.all([...this.streams.values()].map((stream) => stream.stop()));
    this.streams.clear();
    await this.reconciling;
  }

  // One pass at a time, none after shutdown began.
  private followAll(): Promise<void> {
    this.following = this.following.then(() => (this.stopped ? undefined : this.follow()));
    return this.following;
  }

  private async follow(): Promise<void> {
    try {
      const { addresses } = await this.registry.chain(Blockchain.STELLAR);
      if (this.stopped) return;
      const accounts = new Set(addresses.map(({ address }) => address));
      for (const [account, stream] of this.streams)
        if (!accounts.has(account)) {
          this.streams.delete(account);
          await stream.stop();
        }
      for (const account of accounts)
        if (!this.streams.has(account)) {
          const stream = new StellarAccountStream(account, {
            horizon: this.horizon,
            ledger: this.ledger,
            recordPayment: this.recordPayment,
            logger: this.logger,
            metrics: this.metrics,
            lookBack: (address) => this.reconcile(address),
            retryBaseMs: this.config.STELLAR_STREAM_RETRY_MS,
            retryMaxMs: this.config.STELLAR_STREAM_RETRY_MS * 30,
          });
          this.streams.set(account, stream);
          await stream.start();
        }
    } catch (error) {
      this.logger.warn({ err: error }, 'Stellar deposit addresses unavailable; streams unchanged');
    }
  }

  private reconcileAll(): Promise<void> {
    this.reconciling = this.reconciling.then(async () => {
      for (const account of this.streams.keys()) await this.reconcile(account);
    });
    return this.reconciling;
  }

  private async reconcile(account: string): Promise<void> {
    try {
      const page = await this.horizon.server
        .payments()
        .forAccount(account)
        .order('desc')
        .limit(this.config.STELLAR_RECONCILE_LOOKBACK)
        .call();
      const records = (page.records as unknown as StellarPaymentRecord[]).reverse();
      let found = 0;
      for (const record of records)
        if (await this.recordPayment.execute(record, 'reconciliation')) found += 1;
      if (found > 0)
        this.logger.warn({ account, found }, 'Stellar reconciliation recorded deposits the stream missed');
    } catch (error) {
      this.logger.warn({ err: error, account }, 'Stellar reconciliation failed; next pass retries');
    }
  }
}
