import { Injectable } from '@nestjs/common';
import type { Log } from 'ethers';
import type { DepositDetectedV1 } from '@shared/contracts';
import type { HeightRangeScan, HeightRangeScanner } from '../core/chains/deposit-accounts.port.js';
import { CeloRpc } from './celo-rpc.js';
import { celoRecipients, celoTransfers, TRANSFER_TOPIC } from './celo-transfers.js';

// Every ERC-20 Transfer log of the active tokens over a range of confirmed blocks
// (CELO_CONFIRMATIONS), whoever it pays: one eth_getLogs per range, however many deposit
// accounts exist. The recipients that are our deposit accounts (an account paid long ago, expired
// or swept, included) give facts, summed per token and address as POST /internal/verify sums
// them (same facts, same transfer indexes).
@Injectable()
export class CeloDepositScanner implements HeightRangeScanner {
  readonly reads = 'height-ranges';
  readonly stream = 'celo:deposit-accounts';
  // A first start or a rescan reads about seven hours back (5 s blocks).
  readonly safeLookback = 5_000;
  // Every transfer of the tokens, not only ours: ranges small enough for a node's log limits.
  readonly heightsPerRead = 500;

  constructor(private readonly rpc: CeloRpc) {}

  confirmedHeight(): Promise<number> {
    return this.rpc.confirmedHeight();
  }

  async hashAt(height: number): Promise<string | null> {
    return (await this.rpc.provider.getBlock(height))?.hash ?? null;
  }

  async transfersIn({ assets, from, to, accountsAmong }: HeightRangeScan): Promise<DepositDetectedV1[]> {
    if (assets.length === 0) return [];
    const logs = await this.rpc.provider.getLogs({
      fromBlock: from,
      toBlock: to,
      address: assets.map(({ mintAddress }) => mintAddress),
      topics: [TRANSFER_TOPIC],
    });
    const accounts = await accountsAmong(celoRecipients({ logs }));
    if (accounts.length === 0) return [];
    const byTransaction = new Map<string, Log[]>();
    for (const log of [...logs].sort((a, b) => a.blockNumber - b.blockNumber || a.index - b.index))
      byTransaction.set(log.transactionHash, [...(byTransaction.get(log.transactionHash) ?? []), log]);
    const ours = { addresses: [], assets, depositAccounts: accounts.map(({ address }) => address) };
    const isOurs = new Set(ours.depositAccounts.map((address) => address.toLowerCase()));
    const times = new Map<number, string>();
    const facts: DepositDetectedV1[] = [];
    for (const [hash, transactionLogs] of byTransaction) {
      const recipients = celoRecipients({ logs: transactionLogs });
      if (!recipients.some((recipient) => isOurs.has(recipient.toLowerCase()))) continue;
      const blockNumber = transactionLogs[0]!.blockNumber;
      if (!times.has(blockNumber)) times.set(blockNumber, await this.rpc.blockTime(blockNumber));
      facts.push(...celoTransfers({ hash, logs: transactionLogs }, ours, null, times.get(blockNumber)!));
    }
    return facts;
  }
}
