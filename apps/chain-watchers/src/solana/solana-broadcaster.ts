import { Injectable } from '@nestjs/common';
import { formatUnits } from 'ethers';
import { ChainWatchersConfig } from '../core/chain-watchers.config.js';
import { awaitVerdict } from '../core/chains/await-verdict.js';
import type { ChainBroadcaster } from '../core/chains/chain-adapter.js';
import type { ChainVerdict, SignedChainTransaction } from '../core/chains/signed-chain-transaction.js';
import { trimDecimal } from '../core/chains/token-amount.js';
import { SolanaRpc } from './solana-rpc.js';

const LAMPORTS_DECIMALS = 9;

// Sends signed Solana transactions (refunds, sweeps) and follows them: broadcast once, look up
// by signature, and tell whether one not seen yet can still land (its blockhash still valid).
@Injectable()
export class SolanaBroadcaster implements ChainBroadcaster {
  constructor(
    private readonly config: ChainWatchersConfig,
    private readonly rpc: SolanaRpc,
  ) {}

  async broadcast(signed: SignedChainTransaction): Promise<ChainVerdict> {
    try {
      await this.rpc.connection.sendRawTransaction(Buffer.from(signed.signedPayload, 'base64'), {
        maxRetries: 0,
      });
    } catch (error) {
      const message = String((error as Error).message ?? error);
      if (/already been processed|AlreadyProcessed/i.test(message)) return this.lookup(signed);
      if (/simulation failed/i.test(message)) return { kind: 'failed', reason: 'transfer simulation failed' };
      return { kind: 'ambiguous' };
    }
    return awaitVerdict(() => this.lookup(signed), this.config.REFUND_CONFIRM_TIMEOUT_MS);
  }

  async lookup(signed: SignedChainTransaction): Promise<ChainVerdict> {
    const [status] = (
      await this.rpc.connection.getSignatureStatuses([signed.txHash], { searchTransactionHistory: true })
    ).value;
    if (!status) return { kind: 'unknown' };
    if (status.err) return { kind: 'failed', reason: `transaction failed: ${JSON.stringify(status.err)}` };
    const final = this.rpc.commitment === 'finalized' ? ['finalized'] : ['confirmed', 'finalized'];
    return final.includes(status.confirmationStatus ?? '') ? { kind: 'landed' } : { kind: 'unknown' };
  }

  // A transaction lands only while its blockhash is valid (up to its last valid block height).
  async canStillLand(signed: SignedChainTransaction): Promise<boolean> {
    const height = await this.rpc.connection.getBlockHeight('confirmed');
    return height <= Number(signed.lastValidBlockHeight ?? 0);
  }

  // The fee a landed transaction cost its fee payer, in SOL (decimal string).
  async feeOf(signed: SignedChainTransaction): Promise<string> {
    const landed = await this.rpc.connection.getTransaction(signed.txHash, {
      commitment: this.rpc.commitment,
      maxSupportedTransactionVersion: 0,
    });
    if (!landed?.meta) throw new Error(`transaction ${signed.txHash} not found at ${this.rpc.commitment}`);
    return trimDecimal(formatUnits(BigInt(landed.meta.fee), LAMPORTS_DECIMALS));
  }
}
