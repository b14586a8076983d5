import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { sameAddress } from '@payout/rails';
import { LOGGER, type Logger } from '@platform/logging';
import type { DepositDetectedV1 } from '@shared/contracts';
import { Clock, RecurringPass } from '@shared/util';
import { ChainWatchersConfig } from '../core/chain-watchers.config.js';
import type { AccountScanner, HeightRangeScanner } from '../core/chains/deposit-accounts.port.js';
import { ChainAdapters, type AdapterWithDepositAccounts } from '../core/chains/chain-adapters.js';
import { DepositKeys } from '../core/chains/deposit-keys.js';
import { ChainRegistry } from '../core/upstreams/chain-registry.js';
import type { DepositAccountEntity } from '../deposit-accounts/deposit-account.entity.js';
import { DepositAccountsRepository } from '../deposit-accounts/deposit-accounts.repository.js';
import { scanStart } from './deposit-cursor.js';
import { DepositLedgerRepository } from './deposit-ledger.repository.js';

// Finds the deposits nobody reported on every chain with per-transaction deposit accounts: every
// DEPOSIT_WATCH_INTERVAL_MS, the chain's adapter reads the transfers into the accounts still
// awaiting one — over the heights confirmed since the last pass, or account by account where the
// chain cannot be read by height — as POST /internal/verify reads them (same facts, same transfer
// indexes). A deposit is recorded and announced once
// (chain.deposit.detected.v1, naming the account's transaction), which also stops the watch and
// makes the account due for a sweep; the cursor commits after the deposits it covers, so a crash
// repeats a range and announces nothing twice. One recurring pass per chain: a slow chain does
// not hold the others back.
@Injectable()
export class DepositWatcher implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly passes: RecurringPass[] = [];

  constructor(
    private readonly config: ChainWatchersConfig,
    private readonly keys: DepositKeys,
    private readonly adapters: ChainAdapters,
    private readonly accounts: DepositAccountsRepository,
    private readonly ledger: DepositLedgerRepository,
    private readonly registry: ChainRegistry,
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
    if (scanner.reads === 'accounts') return this.readAccounts(adapter, scanner);
    return this.readHeightRanges(adapter, scanner, passes);
  }

  private async readAccounts(adapter: AdapterWithDepositAccounts, scanner: AccountScanner): Promise<void> {
    const watched = await this.accounts.watched(adapter.blockchain, this.clock.now());
    if (watched.length === 0) return;
    const { assets } = await this.registry.chain(adapter.blockchain);
    await this.recordAll(adapter, watched, await scanner.transfersTo({ accounts: watched, assets }));
  }

  private async readHeightRanges(
    adapter: AdapterWithDepositAccounts,
    scanner: HeightRangeScanner,
    passes: RecurringPass,
  ): Promise<void> {
    const { blockchain } = adapter;
    // The head first: an account listed after it was read existed before any transfer to it
    // that the range covers (an address is handed out before it can be paid).
    const confirmed = await scanner.confirmedHeight();
    const watched = await this.accounts.watched(blockchain, this.clock.now());
    const cursor = await this.ledger.cursor(scanner.stream);
    const start = scanStart(cursor === null ? null : Number(cursor), confirmed, scanner.safeLookback);
    if (start.kind === 'caught-up') return;
    if (start.kind === 'rescan')
      this.logger.error(
        { blockchain, cursor: Number(cursor), head: confirmed, rescanFrom: start.from },
        'deposit cursor is ahead of the chain head; rescanning from a safe point',
      );
    if (watched.length === 0) return this.advance(scanner, confirmed);
    const { assets } = await this.registry.chain(blockchain);
    for (let from = start.from; from <= confirmed && !passes.stopped; from += scanner.heightsPerRead) {
      const to = Math.min(confirmed, from + scanner.heightsPerRead - 1);
      await this.recordAll(
        adapter,
        watched,
        await scanner.transfersTo({ accounts: watched, assets, from, to }),
      );
      await this.advance(scanner, to);
    }
  }

  private async recordAll(
    adapter: AdapterWithDepositAccounts,
    watched: readonly DepositAccountEntity[],
    facts: readonly DepositDetectedV1[],
  ): Promise<void> {
    for (const fact of facts) {
      const account = this.accountOf(adapter, watched, fact.depositAddress);
      await this.ledger.record({
        deposit: { fact: { ...fact, transactionId: account.transactionId }, memoProblem: null },
        foundBy: 'watcher',
        account,
      });
    }
  }

  private accountOf(
    adapter: AdapterWithDepositAccounts,
    watched: readonly DepositAccountEntity[],
    address: string,
  ): DepositAccountEntity {
    const account = watched.find((candidate) => sameAddress(adapter.blockchain, candidate.address, address));
    if (!account) throw new Error(`${adapter.blockchain} transfer to ${address}, which is not watched`);
    return account;
  }

  private async advance(scanner: HeightRangeScanner, height: number): Promise<void> {
    await this.ledger.record({
      deposit: null,
      foundBy: 'watcher',
      cursor: { stream: scanner.stream, value: String(height) },
    });
  }
}
