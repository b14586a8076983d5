import { Injectable } from '@nestjs/common';
import { type Log, zeroPadValue } from 'ethers';
import type { DepositDetectedV1 } from '@shared/contracts';
import type { DepositScan, HeightRange, HeightRangeScanner } from '../core/chains/deposit-accounts.port.js';
import { CeloRpc } from './celo-rpc.js';
import { celoTransfers, TRANSFER_TOPIC } from './celo-transfers.js';

// Addresses per eth_getLogs filter.
const ADDRESSES_PER_QUERY = 100;

// The ERC-20 Transfer logs of the active tokens to the watched addresses over a range of
// confirmed blocks (CELO_CONFIRMATIONS), summed per token and address as POST /internal/verify
// sums them (same facts, same transfer indexes): one eth_getLogs per 100 addresses and 2,000
// blocks.
@Injectable()
export class CeloDepositScanner implements HeightRangeScanner {
  readonly reads = 'height-ranges';
  readonly stream = 'celo:deposit-accounts';
  // A first start reads about seven hours back (5 s blocks).
  readonly safeLookback = 5_000;
  readonly heightsPerRead = 2_000;

  constructor(private readonly rpc: CeloRpc) {}

  confirmedHeight(): Promise<number> {
    return this.rpc.confirmedHeight();
  }

  async transfersTo({ accounts, assets, from, to }: DepositScan & HeightRange): Promise<DepositDetectedV1[]> {
    const logs: Log[] = [];
    for (let first = 0; first < accounts.length; first += ADDRESSES_PER_QUERY) {
      const recipients = accounts
        .slice(first, first + ADDRESSES_PER_QUERY)
        .map(({ address }) => zeroPadValue(address.toLowerCase(), 32));
      logs.push(
        ...(await this.rpc.provider.getLogs({
          fromBlock: from,
          toBlock: to,
          address: assets.map(({ mintAddress }) => mintAddress),
          topics: [TRANSFER_TOPIC, null, recipients],
        })),
      );
    }
    const byTransaction = new Map<string, Log[]>();
    for (const log of [...logs].sort((a, b) => a.blockNumber - b.blockNumber || a.index - b.index))
      byTransaction.set(log.transactionHash, [...(byTransaction.get(log.transactionHash) ?? []), log]);
    const ours = { addresses: [], assets, depositAccounts: accounts.map(({ address }) => address) };
    const times = new Map<number, string>();
    const facts: DepositDetectedV1[] = [];
    for (const [hash, transactionLogs] of byTransaction) {
      const blockNumber = transactionLogs[0]!.blockNumber;
      if (!times.has(blockNumber)) times.set(blockNumber, await this.rpc.blockTime(blockNumber));
      facts.push(...celoTransfers({ hash, logs: transactionLogs }, ours, null, times.get(blockNumber)!));
    }
    return facts;
  }
}
