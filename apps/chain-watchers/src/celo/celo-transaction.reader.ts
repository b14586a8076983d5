import { Injectable } from '@nestjs/common';
import { chainRail } from '@payout/rails';
import { Blockchain } from '@shared/contracts';
import type { TransactionReader, TransactionReading } from '../core/chains/chain-adapter.js';
import { CeloRpc } from './celo-rpc.js';
import { celoRecipients, celoTransfers } from './celo-transfers.js';

const HASH = chainRail(Blockchain.CELO).transferId.pattern;

// A Celo hash is a deposit when its receipt exists with status 1 and enough confirmations, and
// it holds ERC-20 Transfer logs of an active token to a deposit address (shared or a
// transaction's own).
@Injectable()
export class CeloTransactionReader implements TransactionReader {
  constructor(private readonly rpc: CeloRpc) {}

  async read(hash: string): Promise<TransactionReading> {
    if (!HASH.test(hash)) return { status: 'not_found' };
    const receipt = await this.rpc.provider.getTransactionReceipt(hash);
    if (!receipt) return { status: 'not_found' };
    if (receipt.blockNumber > (await this.rpc.confirmedHeight())) return { status: 'not_found' };
    if (receipt.status !== 1) return { status: 'invalid', reason: 'failed' };
    const confirmedAt = await this.rpc.blockTime(receipt.blockNumber);
    return {
      status: 'landed',
      recipients: celoRecipients(receipt),
      deposits: (ours, transactionId) =>
        celoTransfers(receipt, ours, transactionId, confirmedAt).map((fact) => ({ fact, memoProblem: null })),
    };
  }
}
