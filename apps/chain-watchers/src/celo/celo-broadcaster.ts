import { Injectable } from '@nestjs/common';
import { formatEther, Transaction } from 'ethers';
import { ChainWatchersConfig } from '../core/chain-watchers.config.js';
import { awaitVerdict } from '../core/chains/await-verdict.js';
import type { ChainBroadcaster } from '../core/chains/chain-adapter.js';
import type { ChainVerdict, SignedChainTransaction } from '../core/chains/signed-chain-transaction.js';
import { trimDecimal } from '../core/chains/token-amount.js';
import { CeloRpc } from './celo-rpc.js';

// Sends signed Celo transactions (refunds, sweeps, their gas) and follows them: broadcast once,
// look up the receipt by hash, and tell whether one not mined yet can still be (nonce unused).
@Injectable()
export class CeloBroadcaster implements ChainBroadcaster {
  constructor(
    private readonly config: ChainWatchersConfig,
    private readonly rpc: CeloRpc,
  ) {}

  async broadcast(signed: SignedChainTransaction): Promise<ChainVerdict> {
    try {
      await this.rpc.provider.broadcastTransaction(signed.signedPayload);
    } catch (error) {
      const code = (error as { code?: string }).code;
      // Already in the pool or mined (ours), or its nonce taken: the lookup tells which.
      if (code === 'NONCE_EXPIRED' || /already known/i.test(String(error))) return this.lookup(signed);
      return { kind: 'ambiguous' };
    }
    return awaitVerdict(() => this.lookup(signed), this.config.REFUND_CONFIRM_TIMEOUT_MS);
  }

  async lookup(signed: SignedChainTransaction): Promise<ChainVerdict> {
    const receipt = await this.rpc.provider.getTransactionReceipt(signed.txHash);
    if (!receipt) return { kind: 'unknown' };
    if (receipt.blockNumber > (await this.rpc.confirmedHeight())) return { kind: 'unknown' };
    return receipt.status === 1 ? { kind: 'landed' } : { kind: 'failed', reason: 'transfer reverted' };
  }

  // It can land while its nonce is unused; once the account's count passed it, it never will.
  async canStillLand(signed: SignedChainTransaction): Promise<boolean> {
    const count = await this.rpc.provider.getTransactionCount(
      Transaction.from(signed.signedPayload).from!,
      'latest',
    );
    return count <= Number(signed.nonce);
  }

  // What a mined transaction cost its sender in gas, in CELO (decimal string).
  async feeOf(signed: SignedChainTransaction): Promise<string> {
    const receipt = await this.rpc.provider.getTransactionReceipt(signed.txHash);
    if (!receipt) throw new Error(`transaction ${signed.txHash} has no receipt`);
    return trimDecimal(formatEther(receipt.fee));
  }
}
