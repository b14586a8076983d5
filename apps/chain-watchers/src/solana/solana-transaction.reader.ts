import { Injectable } from '@nestjs/common';
import { chainRail } from '@payout/rails';
import { Blockchain } from '@shared/contracts';
import type { TransactionReader, TransactionReading } from '../core/chains/chain-adapter.js';
import { SolanaRpc } from './solana-rpc.js';
import { solanaTokenOwners, solanaTransfers } from './solana-transfers.js';

const SIGNATURE = chainRail(Blockchain.SOLANA).transferId.pattern;

// A Solana signature is a deposit when the transaction exists at the configured commitment
// (finalized by default), succeeded, and moved an active mint into a deposit owner's account
// (a shared deposit address, or a transaction's own).
@Injectable()
export class SolanaTransactionReader implements TransactionReader {
  constructor(private readonly rpc: SolanaRpc) {}

  async read(signature: string): Promise<TransactionReading> {
    if (!SIGNATURE.test(signature)) return { status: 'not_found' };
    const response = await this.rpc.connection.getTransaction(signature, {
      commitment: this.rpc.commitment,
      maxSupportedTransactionVersion: 0,
    });
    if (!response?.meta) return { status: 'not_found' };
    if (response.meta.err !== null) return { status: 'invalid', reason: 'failed' };
    return {
      status: 'landed',
      recipients: solanaTokenOwners(response),
      deposits: (ours, transactionId) =>
        solanaTransfers(signature, response, ours, transactionId).map((fact) => ({
          fact,
          memoProblem: null,
        })),
    };
  }
}
