import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { PublicKey } from '@solana/web3.js';
import { LOGGER, type Logger } from '@platform/logging';
import { Blockchain } from '@shared/contracts';
import { Clock, RecurringPass } from '@shared/util';
import { ChainWatchersConfig } from '../chain-watchers.config.js';
import type { DepositAccountEntity } from '../deposit-accounts/deposit-account.entity.js';
import { DepositAccountsRepository } from '../deposit-accounts/deposit-accounts.repository.js';
import { DepositKeys } from '../deposit-accounts/deposit-keys.js';
import { DepositLedgerRepository } from '../deposits/deposit-ledger.repository.js';
import { ChainRegistry, type ChainView } from '../upstreams/chain-registry.js';
import { SolanaBroadcaster } from './solana-broadcaster.js';
import { solanaTransfers } from './solana-transfers.js';

const SIGNATURES_PER_ACCOUNT = 25;

// Finds Solana deposits nobody reported: every DEPOSIT_WATCH_INTERVAL_MS, each transaction still
// awaiting one has its owner's token accounts of its mint listed, and their landed transactions
// read as POST /internal/verify reads them (same facts, same transfer indexes). A deposit is
// recorded and announced once (chain.deposit.detected.v1, naming the transaction), and then
// the account is no longer watched and is due for a sweep.
@Injectable()
export class SolanaDepositWatcher implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly passes = new RecurringPass(
    () => this.pass(),
    (error) => this.logger.warn({ err: error }, 'Solana deposit watch pass failed'),
  );

  constructor(
    private readonly config: ChainWatchersConfig,
    private readonly keys: DepositKeys,
    private readonly accounts: DepositAccountsRepository,
    private readonly ledger: DepositLedgerRepository,
    private readonly registry: ChainRegistry,
    private readonly broadcaster: SolanaBroadcaster,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.DEPOSIT_WATCH && this.keys.configured)
      this.passes.start(this.config.DEPOSIT_WATCH_INTERVAL_MS, { runNow: true });
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.passes.stop();
  }

  private async pass(): Promise<void> {
    const watched = await this.accounts.watched(Blockchain.SOLANA, this.clock.now());
    if (watched.length === 0) return;
    const chain = await this.registry.chain(Blockchain.SOLANA);
    for (const account of watched) {
      if (this.passes.stopped) return;
      try {
        await this.watch(account, chain);
      } catch (error) {
        this.logger.warn(
          { err: error, transactionId: account.transactionId },
          'Solana deposit account not read',
        );
      }
    }
  }

  private async watch(account: DepositAccountEntity, chain: ChainView): Promise<void> {
    const { connection } = this.broadcaster;
    const commitment = this.config.SOLANA_COMMITMENT;
    const { value: tokenAccounts } = await connection.getTokenAccountsByOwner(
      new PublicKey(account.address),
      { mint: new PublicKey(account.asset) },
      commitment,
    );
    const ours = { addresses: [], assets: chain.assets, depositAccounts: [account.address] };
    for (const { pubkey } of tokenAccounts) {
      const signatures = await connection.getSignaturesForAddress(
        pubkey,
        { limit: SIGNATURES_PER_ACCOUNT },
        commitment,
      );
      // Oldest first, as they happened.
      for (const { signature, err } of [...signatures].reverse()) {
        if (err) continue;
        const response = await connection.getTransaction(signature, {
          commitment,
          maxSupportedTransactionVersion: 0,
        });
        if (!response?.meta || response.meta.err !== null) continue;
        for (const fact of solanaTransfers(signature, response, ours, account.transactionId))
          await this.ledger.record({ deposit: { fact, memoProblem: null }, foundBy: 'watcher', account });
      }
    }
  }
}
