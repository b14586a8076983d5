import { Inject, Injectable } from '@nestjs/common';
import { chainRail, sameAddress } from '@payout/rails';
import { continueTrace, LOGGER, type Logger } from '@platform/logging';
import { Clock } from '@shared/util';
import { ChainWatchersConfig } from '../core/chain-watchers.config.js';
import type { DetectedDeposit } from '../core/chains/chain-adapter.js';
import { ChainAdapters } from '../core/chains/chain-adapters.js';
import { DepositAccountsRepository } from '../deposit-accounts/deposit-accounts.repository.js';
import { DepositLedgerRepository, type DepositBatch } from './deposit-ledger.repository.js';
import { DepositTransactionFinder } from './deposit-transaction-finder.js';
import { DepositWatchMetrics } from './deposit-watch.metrics.js';
import type { TransferKind } from './seen-transfer.entity.js';

export interface IntakeResult {
  // False when the transfer was recorded before.
  readonly inserted: boolean;
  readonly deposit: DetectedDeposit;
  readonly kind: TransferKind;
}

// Every transfer into one of our addresses, whoever found it (a watcher, a stream, the look-back,
// verification), goes through here before the ledger records it:
// - what it is: a customer's deposit (announced, for transaction-service to fund or refund) or
//   the treasury's own funding (from a hot wallet, a token's issuer, one of our deposit accounts
//   or a TREASURY_SOURCES address: recorded, never announced, never an unmatched deposit);
// - when it was confirmed: its block time, unless that is further ahead of this service's clock
//   than BLOCK_TIME_TOLERANCE_MS (a chain whose clock runs ahead would otherwise expire quotes
//   that were paid in time); then the time it was observed, logged and counted.
@Injectable()
export class DepositIntake {
  constructor(
    private readonly config: ChainWatchersConfig,
    private readonly adapters: ChainAdapters,
    private readonly accounts: DepositAccountsRepository,
    private readonly ledger: DepositLedgerRepository,
    private readonly transactions: DepositTransactionFinder,
    private readonly metrics: DepositWatchMetrics,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async record(batch: DepositBatch & { readonly deposit: DetectedDeposit }): Promise<IntakeResult> {
    const deposit = this.withTrustedTime(batch.deposit);
    const kind: TransferKind = (await this.fundsTreasury(deposit)) ? 'TREASURY' : 'DEPOSIT';
    // A transaction's deposit (to its own account, or naming it by memo) is reported in the
    // transaction's trace: its event, and so its funding, continue that trace.
    const owner = kind === 'DEPOSIT' ? await this.transactions.find(deposit) : null;
    return continueTrace(owner, 'report deposit', async () => {
      const inserted = await this.ledger.record({ ...batch, deposit, kind });
      if (inserted && owner) {
        const { blockchain, onChainTx } = deposit.fact;
        this.logger.info({ transactionId: owner.transactionId, blockchain, onChainTx }, 'deposit reported');
      }
      return { inserted, deposit, kind };
    });
  }

  private withTrustedTime(deposit: DetectedDeposit): DetectedDeposit {
    const { fact } = deposit;
    const observedAt = this.clock.now();
    const aheadMs = new Date(fact.confirmedAt).getTime() - observedAt.getTime();
    if (aheadMs <= this.config.BLOCK_TIME_TOLERANCE_MS) return deposit;
    this.metrics.blockTimeAheadOfClock(fact.blockchain);
    this.logger.warn(
      {
        blockchain: fact.blockchain,
        onChainTx: fact.onChainTx,
        blockTime: fact.confirmedAt,
        observedAt: observedAt.toISOString(),
        aheadMs,
      },
      "block time ahead of this service's clock beyond the tolerance; recorded as confirmed when observed",
    );
    return { ...deposit, fact: { ...fact, confirmedAt: observedAt.toISOString() } };
  }

  private async fundsTreasury({ fact }: DetectedDeposit): Promise<boolean> {
    const { blockchain, sender } = fact;
    const ourOwn = [
      this.adapters.of(blockchain).hotWallet.address,
      chainRail(blockchain).tokenIdOf(fact.asset),
      ...this.config.TREASURY_SOURCES,
    ];
    if (ourOwn.some((address) => address !== null && sameAddress(blockchain, address, sender))) return true;
    return (await this.accounts.known(blockchain, [sender])).length > 0;
  }
}
