import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { id, type Log, zeroPadValue } from 'ethers';
import { LOGGER, type Logger } from '@platform/logging';
import { Blockchain } from '@shared/contracts';
import { Clock, RecurringPass } from '@shared/util';
import { ChainWatchersConfig } from '../chain-watchers.config.js';
import type { DepositAccountEntity } from '../deposit-accounts/deposit-account.entity.js';
import { DepositAccountsRepository } from '../deposit-accounts/deposit-accounts.repository.js';
import { DepositKeys } from '../deposit-accounts/deposit-keys.js';
import { DepositLedgerRepository } from '../deposits/deposit-ledger.repository.js';
import { ChainRegistry } from '../upstreams/chain-registry.js';
import { CeloBroadcaster } from './celo-broadcaster.js';
import { celoTransfers } from './celo-transfer.verifier.js';

const STREAM = 'celo:deposit-accounts';
const TRANSFER_TOPIC = id('Transfer(address,address,uint256)');
// Addresses per eth_getLogs filter, and blocks per query.
const ADDRESSES_PER_QUERY = 100;
const BLOCKS_PER_QUERY = 2_000;
// Where a first start begins (no cursor yet): transactions accepted shortly before are covered.
const FIRST_LOOKBACK_BLOCKS = 5_000;

// Finds Celo deposits nobody reported: every DEPOSIT_WATCH_INTERVAL_MS, the ERC-20 Transfer logs
// of the active tokens to the addresses of transactions still awaiting one, over the blocks
// confirmed (CELO_CONFIRMATIONS) since the last pass, summed per token and address as
// POST /internal/verify sums them (same facts, same transfer indexes). A deposit is recorded and
// announced once (chain.deposit.detected.v1, naming the transaction); the block cursor commits
// after the deposits it covers, so a crash repeats a range and announces nothing twice.
@Injectable()
export class CeloDepositWatcher implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly passes = new RecurringPass(
    () => this.pass(),
    (error) => this.logger.warn({ err: error }, 'Celo deposit watch pass failed'),
  );

  constructor(
    private readonly config: ChainWatchersConfig,
    private readonly keys: DepositKeys,
    private readonly accounts: DepositAccountsRepository,
    private readonly ledger: DepositLedgerRepository,
    private readonly registry: ChainRegistry,
    private readonly broadcaster: CeloBroadcaster,
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
    const { provider } = this.broadcaster;
    // The head first: an account listed after it was read existed before any transfer to it
    // that the range covers (an address is handed out before it can be paid).
    const head = Number(await provider.send('eth_blockNumber', []));
    const confirmed = head - this.config.CELO_CONFIRMATIONS + 1;
    const watched = await this.accounts.watched(Blockchain.CELO, this.clock.now());
    const cursor = await this.ledger.cursor(STREAM);
    const from = cursor === null ? Math.max(0, confirmed - FIRST_LOOKBACK_BLOCKS) : Number(cursor) + 1;
    if (confirmed < from) return;
    if (watched.length === 0) {
      await this.ledger.record({
        deposit: null,
        foundBy: 'watcher',
        cursor: { stream: STREAM, value: String(confirmed) },
      });
      return;
    }
    const { assets } = await this.registry.chain(Blockchain.CELO);
    const byAddress = new Map(watched.map((account) => [account.address.toLowerCase(), account]));
    for (let start = from; start <= confirmed && !this.passes.stopped; start += BLOCKS_PER_QUERY) {
      const end = Math.min(confirmed, start + BLOCKS_PER_QUERY - 1);
      const logs: Log[] = [];
      for (let first = 0; first < watched.length; first += ADDRESSES_PER_QUERY) {
        const recipients = watched
          .slice(first, first + ADDRESSES_PER_QUERY)
          .map(({ address }) => zeroPadValue(address.toLowerCase(), 32));
        logs.push(
          ...(await provider.getLogs({
            fromBlock: start,
            toBlock: end,
            address: assets.map(({ mintAddress }) => mintAddress),
            topics: [TRANSFER_TOPIC, null, recipients],
          })),
        );
      }
      await this.announce(logs, byAddress, assets);
      await this.ledger.record({
        deposit: null,
        foundBy: 'watcher',
        cursor: { stream: STREAM, value: String(end) },
      });
    }
  }

  private async announce(
    logs: readonly Log[],
    byAddress: ReadonlyMap<string, DepositAccountEntity>,
    assets: Awaited<ReturnType<ChainRegistry['chain']>>['assets'],
  ): Promise<void> {
    const byTransaction = new Map<string, Log[]>();
    for (const log of [...logs].sort((a, b) => a.blockNumber - b.blockNumber || a.index - b.index))
      byTransaction.set(log.transactionHash, [...(byTransaction.get(log.transactionHash) ?? []), log]);
    const times = new Map<number, string>();
    const ours = {
      addresses: [],
      assets,
      depositAccounts: [...byAddress.values()].map(({ address }) => address),
    };
    for (const [hash, transactionLogs] of byTransaction) {
      const blockNumber = transactionLogs[0]!.blockNumber;
      if (!times.has(blockNumber)) {
        const block = await this.broadcaster.provider.getBlock(blockNumber);
        times.set(blockNumber, new Date(Number(block?.timestamp ?? 0) * 1000).toISOString());
      }
      for (const fact of celoTransfers(
        { hash, logs: transactionLogs },
        ours,
        null,
        times.get(blockNumber)!,
      )) {
        const account = byAddress.get(fact.depositAddress.toLowerCase())!;
        await this.ledger.record({
          deposit: { fact: { ...fact, transactionId: account.transactionId }, memoProblem: null },
          foundBy: 'watcher',
          account,
        });
      }
    }
  }
}
