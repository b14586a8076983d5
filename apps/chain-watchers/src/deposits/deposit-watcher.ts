import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { sameAddress } from '@payout/rails';
import { LOGGER, type Logger } from '@platform/logging';
import type { Blockchain, DepositDetectedV1 } from '@shared/contracts';
import { Clock, RecurringPass } from '@shared/util';
import { ChainWatchersConfig } from '../core/chain-watchers.config.js';
import type {
  AccountScanner,
  DepositAccountRef,
  HeightRangeScanner,
} from '../core/chains/deposit-accounts.port.js';
import { ChainAdapters, type AdapterWithDepositAccounts } from '../core/chains/chain-adapters.js';
import { DepositKeys } from '../core/chains/deposit-keys.js';
import { ChainRegistry } from '../core/upstreams/chain-registry.js';
import { DepositAccountsRepository } from '../deposit-accounts/deposit-accounts.repository.js';
import { formatHeightCursor, parseHeightCursor, scanStart } from './deposit-cursor.js';
import { DepositIntake } from './deposit-intake.js';
import type { DepositBatch } from './deposit-ledger.repository.js';
import { DepositLedgerRepository } from './deposit-ledger.repository.js';
import { DepositWatchMetrics } from './deposit-watch.metrics.js';

// Finds every transfer into a per-transaction deposit account, whenever it comes (before, during
// or after its transaction, a second or tenth time, after a sweep): every DEPOSIT_WATCH_INTERVAL_MS
// the chain's adapter reads the transfers into our accounts, as POST /internal/verify reads them
// (same facts, same transfer indexes):
// - by height (Celo): every transfer of the active tokens over the heights confirmed since the
//   cursor, whoever it pays, kept when it pays any of our accounts; the cursor keeps the hash of
//   its block, so a chain that was reset (or a cursor ahead of the head) is reported, counted and
//   answered by a rescan from a safe point, never by silence;
// - account by account (Solana): the accounts whose transaction may still be paid, every pass.
// Every DEPOSIT_LOOK_BACK_INTERVAL_MS (and on the first pass after a start) the look-back reads
// again what the watch may have missed: the last DEPOSIT_LOOK_BACK_HEIGHTS below the cursor, or
// the DEPOSIT_LOOK_BACK_ACCOUNTS accounts past their watch least recently read.
// A transfer is recorded and announced once (chain.deposit.detected.v1, naming the account's
// transaction, which refunds whatever it cannot take), which makes the account due for a sweep;
// the cursor commits after the transfers it covers, so a crash repeats a range and announces
// nothing twice. One recurring pass per chain: a slow chain does not hold the others back.
@Injectable()
export class DepositWatcher implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly passes: RecurringPass[] = [];
  private readonly lastLookBack = new Map<Blockchain, number>();

  constructor(
    private readonly config: ChainWatchersConfig,
    private readonly keys: DepositKeys,
    private readonly adapters: ChainAdapters,
    private readonly accounts: DepositAccountsRepository,
    private readonly ledger: DepositLedgerRepository,
    private readonly intake: DepositIntake,
    private readonly registry: ChainRegistry,
    private readonly metrics: DepositWatchMetrics,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.DEPOSIT_WATCH || !this.keys.configured) return;
    for (const adapter of this.adapters.withDepositAccounts()) {
      const passes: RecurringPass = new RecurringPass(
        () => this.pass(adapter, passes),
        (error) =>
          this.logger.warn({ err: error, blockchain: adapter.blockchain }, 'deposit watch pass failed'),
      );
      this.passes.push(passes);
      passes.start(this.config.DEPOSIT_WATCH_INTERVAL_MS, { runNow: true });
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.passes.map((passes) => passes.stop()));
  }

  private async pass(adapter: AdapterWithDepositAccounts, passes: RecurringPass): Promise<void> {
    const { scanner } = adapter.depositAccounts;
    const lookBack = this.lookBackDue(adapter.blockchain);
    if (scanner.reads === 'accounts') return this.readAccounts(adapter, scanner, lookBack);
    return this.readHeightRanges(adapter, scanner, passes, lookBack);
  }

  // True once per DEPOSIT_LOOK_BACK_INTERVAL_MS per chain, and on a chain's first pass.
  private lookBackDue(blockchain: Blockchain): boolean {
    const now = this.clock.now().getTime();
    const last = this.lastLookBack.get(blockchain);
    if (last !== undefined && now - last < this.config.DEPOSIT_LOOK_BACK_INTERVAL_MS) return false;
    this.lastLookBack.set(blockchain, now);
    return true;
  }

  private async readAccounts(
    adapter: AdapterWithDepositAccounts,
    scanner: AccountScanner,
    lookBack: boolean,
  ): Promise<void> {
    const { blockchain } = adapter;
    const now = this.clock.now();
    const watched = await this.accounts.watched(blockchain, now);
    const lookedBack = lookBack
      ? await this.accounts.takeForLookBack(blockchain, now, this.config.DEPOSIT_LOOK_BACK_ACCOUNTS)
      : [];
    if (watched.length === 0 && lookedBack.length === 0) return;
    const { assets } = await this.registry.chain(blockchain);
    const read = async (accounts: readonly DepositAccountRef[]) =>
      accounts.length === 0
        ? []
        : scanner.transfersTo({
            accounts,
            assets,
            recordedAmong: (address, onChainTxs) =>
              this.ledger.recordedAmong(blockchain, address, onChainTxs),
          });
    await this.recordAll(adapter, watched, await read(watched), 'watcher');
    const missed = await this.recordAll(adapter, lookedBack, await read(lookedBack), 'reconciliation');
    this.reportLookBack(blockchain, missed);
  }

  private async readHeightRanges(
    adapter: AdapterWithDepositAccounts,
    scanner: HeightRangeScanner,
    passes: RecurringPass,
    lookBack: boolean,
  ): Promise<void> {
    const { blockchain } = adapter;
    const confirmed = await scanner.confirmedHeight();
    const cursor = parseHeightCursor(await this.ledger.cursor(scanner.stream));
    const hashAtCursor =
      cursor?.hash && cursor.height <= confirmed ? await scanner.hashAt(cursor.height) : null;
    const start = scanStart(cursor, {
      confirmed,
      hashAtCursor,
      safeLookback: scanner.safeLookback,
      lookBack: lookBack ? this.config.DEPOSIT_LOOK_BACK_HEIGHTS : 0,
    });
    if (start.kind === 'caught-up') return;
    if (start.kind === 'rescan') {
      this.metrics.rescanned(blockchain, start.reason);
      this.logger.error(
        { blockchain, cursor: cursor?.height, head: confirmed, reason: start.reason, rescanFrom: start.from },
        start.reason === 'cursor-ahead'
          ? 'deposit cursor is ahead of the chain head; rescanning from a safe point'
          : "the chain no longer has the deposit cursor's block (reset?); rescanning from a safe point",
      );
    }
    const { assets } = await this.registry.chain(blockchain);
    const foundBy = start.kind === 'look-back' ? 'reconciliation' : 'watcher';
    // What a look-back finds up to the cursor was missed by an earlier read.
    const readBefore = start.kind === 'look-back' && cursor ? cursor.height : -1;
    let missed = 0;
    for (let from = start.from; from <= confirmed && !passes.stopped; from += scanner.heightsPerRead) {
      const to = Math.min(confirmed, from + scanner.heightsPerRead - 1);
      const accounts: DepositAccountRef[] = [];
      const facts = await scanner.transfersIn({
        assets,
        from,
        to,
        accountsAmong: async (addresses) => {
          const found = await this.accounts.known(blockchain, addresses);
          accounts.push(...found);
          return found;
        },
      });
      const recorded = await this.recordAll(adapter, accounts, facts, foundBy);
      if (to <= readBefore) missed += recorded;
      await this.advance(scanner, to);
    }
    this.reportLookBack(blockchain, missed);
  }

  // How many of `facts` were new.
  private async recordAll(
    adapter: AdapterWithDepositAccounts,
    accounts: readonly DepositAccountRef[],
    facts: readonly DepositDetectedV1[],
    foundBy: DepositBatch['foundBy'],
  ): Promise<number> {
    let recorded = 0;
    for (const fact of facts) {
      const account = this.accountOf(adapter, accounts, fact.depositAddress);
      const { inserted } = await this.intake.record({
        deposit: { fact: { ...fact, transactionId: account.transactionId }, memoProblem: null },
        foundBy,
        account: {
          blockchain: adapter.blockchain,
          transactionId: account.transactionId,
          address: account.address,
        },
      });
      if (inserted) recorded += 1;
    }
    return recorded;
  }

  private reportLookBack(blockchain: Blockchain, missed: number): void {
    if (missed === 0) return;
    this.metrics.foundByLookBack(blockchain, missed);
    this.logger.warn({ blockchain, found: missed }, 'deposit look-back recorded transfers the watch missed');
  }

  private accountOf(
    adapter: AdapterWithDepositAccounts,
    accounts: readonly DepositAccountRef[],
    address: string,
  ): DepositAccountRef {
    const account = accounts.find((candidate) => sameAddress(adapter.blockchain, candidate.address, address));
    if (!account) throw new Error(`${adapter.blockchain} transfer to ${address}, which is not ours`);
    return account;
  }

  private async advance(scanner: HeightRangeScanner, height: number): Promise<void> {
    await this.ledger.record({
      deposit: null,
      foundBy: 'watcher',
      cursor: { stream: scanner.stream, value: formatHeightCursor(height, await scanner.hashAt(height)) },
    });
  }
}
