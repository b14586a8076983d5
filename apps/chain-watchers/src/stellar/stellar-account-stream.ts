import { NotFoundError } from '@stellar/stellar-sdk';
import type { Logger } from '@platform/logging';
import { Blockchain } from '@shared/contracts';
import { backoffWithJitter } from '@shared/util';
import type { DepositLedgerRepository } from '../deposits/deposit-ledger.repository.js';
import type { DepositWatchMetrics } from '../deposits/deposit-watch.metrics.js';
import type { RecordStellarPaymentUseCase } from './record-stellar-payment.use-case.js';
import type { StellarHorizon } from './stellar-horizon.js';
import type { StellarPaymentRecord } from './stellar-payments.js';

export interface AccountStreamDeps {
  readonly horizon: StellarHorizon;
  readonly ledger: DepositLedgerRepository;
  readonly recordPayment: RecordStellarPaymentUseCase;
  readonly logger: Logger;
  readonly metrics: DepositWatchMetrics;
  // The account's look-back (its latest payments, recorded when unseen).
  readonly lookBack: (account: string) => Promise<void>;
  readonly retryBaseMs: number;
  readonly retryMaxMs: number;
}

// The payment stream of one deposit account. Records are applied one at a time, in order, each
// committing the cursor with what it found; the stream is (re)opened only from the committed
// cursor, so a failure or a restart never skips an unprocessed payment. On any error (opening
// included) the stream is closed, records still queued are dropped, and it reopens after a
// jittered backoff.
// Without a committed cursor (an account never streamed, or none of its payments seen yet) the
// stream opens just after the account's latest payment and the account's look-back records what
// came before, so a payment made before the stream opened (the address was just added, the
// service was still starting) is recorded at once rather than at the next reconciliation.
// A committed cursor names a payment of the account: when Horizon no longer has it (the network
// was reset, or the node serves another one), streaming from it would wait past every new
// payment for ever. That is logged at error and counted, and the stream opens as for a new
// account.
export class StellarAccountStream {
  private closeStream: (() => void) | null = null;
  private queue: Promise<void> = Promise.resolve();
  private generation = 0;
  private failures = 0;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(
    readonly account: string,
    private readonly deps: AccountStreamDeps,
  ) {}

  get stream(): string {
    return `stellar:payments:${this.account}`;
  }

  // Never rejects: a stream that cannot open (Horizon or the database unreachable) retries.
  async start(): Promise<void> {
    await this.open().catch((error: unknown) => this.fail(this.generation, error));
  }

  private async open(): Promise<void> {
    if (this.stopped) return;
    const generation = ++this.generation;
    const resumeFrom = await this.resumableCursor();
    const cursor = resumeFrom ?? (await this.latestPayment());
    if (this.stopped || generation !== this.generation) return;
    this.closeStream = this.deps.horizon.server
      .payments()
      .forAccount(this.account)
      .cursor(cursor)
      .stream({
        onmessage: (record) => this.enqueue(generation, record as unknown as StellarPaymentRecord),
        onerror: (error) => this.fail(generation, error),
      });
    if (resumeFrom === null) await this.deps.lookBack(this.account);
  }

  // The committed cursor, when Horizon still has its payment.
  private async resumableCursor(): Promise<string | null> {
    const committed = await this.deps.ledger.cursor(this.stream);
    if (committed === null || (await this.historyHas(committed))) return committed;
    this.reportReset(committed);
    return null;
  }

  // The paging token of the account's latest payment. Horizon's "now" only when it has none: the
  // SDK reopens an idle stream with the cursor it was given, and "now" then skips whatever arrived
  // while it was closed.
  private async latestPayment(): Promise<string> {
    try {
      const page = await this.deps.horizon.server
        .payments()
        .forAccount(this.account)
        .order('desc')
        .limit(1)
        .call();
      return (page.records[0] as unknown as StellarPaymentRecord | undefined)?.paging_token ?? 'now';
    } catch (error) {
      if (error instanceof NotFoundError) return 'now';
      throw error;
    }
  }

  // Whether Horizon still has the payment `cursor` is the paging token of (its operation id).
  private async historyHas(cursor: string): Promise<boolean> {
    try {
      await this.deps.horizon.server.operations().operation(cursor).call();
      return true;
    } catch (error) {
      if (error instanceof NotFoundError) return false;
      throw error;
    }
  }

  private reportReset(cursor: string): void {
    this.deps.metrics.rescanned(Blockchain.STELLAR, 'chain-reset');
    this.deps.logger.error(
      { blockchain: Blockchain.STELLAR, account: this.account, cursor },
      "Horizon no longer has the stream cursor's payment (reset?); streaming from the present after a look-back",
    );
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.generation += 1;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.closeStream?.();
    await this.queue;
  }

  private enqueue(generation: number, record: StellarPaymentRecord): void {
    this.queue = this.queue.then(async () => {
      if (generation !== this.generation) return;
      try {
        await this.deps.recordPayment.execute(record, 'stream', {
          stream: this.stream,
          value: record.paging_token,
        });
        this.failures = 0;
      } catch (error) {
        this.fail(generation, error);
      }
    });
  }

  private fail(generation: number, error: unknown): void {
    if (this.stopped || generation !== this.generation) return;
    this.generation += 1;
    this.closeStream?.();
    this.failures += 1;
    const wait = backoffWithJitter(this.failures, this.deps.retryBaseMs, this.deps.retryMaxMs);
    this.deps.logger.warn(
      { err: error, account: this.account, retryInMs: wait },
      'Stellar payment stream failed',
    );
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      // After the record in flight has settled, so the cursor read is the latest committed.
      this.queue = this.queue.then(() => this.start());
    }, wait);
  }
}
