import { Injectable } from '@nestjs/common';
import { NotFoundError, Transaction } from '@stellar/stellar-sdk';
import { formatUnits } from 'ethers';
import { Clock } from '@shared/util';
import { ChainWatchersConfig } from '../core/chain-watchers.config.js';
import type { ChainBroadcaster } from '../core/chains/chain-adapter.js';
import type { ChainVerdict, SignedChainTransaction } from '../core/chains/signed-chain-transaction.js';
import { trimDecimal } from '../core/chains/token-amount.js';
import { StellarHorizon } from './stellar-horizon.js';

const STROOP_DECIMALS = 7;
// Codes after which this signed transaction can never apply; what it was for may still be made
// with a new one (new sequence number, new time bounds).
const RETRYABLE = new Set(['tx_bad_seq', 'tx_too_late', 'tx_insufficient_fee']);

// Submits signed Stellar transactions (refunds) and follows them. Horizon answers a submission
// synchronously: applied, refused with result codes, or nothing clear (ambiguous).
@Injectable()
export class StellarBroadcaster implements ChainBroadcaster {
  constructor(
    private readonly config: ChainWatchersConfig,
    private readonly horizon: StellarHorizon,
    private readonly clock: Clock,
  ) {}

  async broadcast(signed: SignedChainTransaction): Promise<ChainVerdict> {
    try {
      await this.horizon.server.submitTransaction(this.transaction(signed), { skipMemoRequiredCheck: true });
      return { kind: 'landed' };
    } catch (error) {
      const response = (error as { response?: { status?: number; data?: HorizonFailure } }).response;
      const codes = response?.status === 400 ? response.data?.extras?.result_codes : undefined;
      if (!codes) return { kind: 'ambiguous' };
      if (RETRYABLE.has(codes.transaction)) return { kind: 'unknown' };
      return { kind: 'failed', reason: [codes.transaction, ...(codes.operations ?? [])].join(' ') };
    }
  }

  async lookup(signed: SignedChainTransaction): Promise<ChainVerdict> {
    try {
      const found = await this.horizon.server.transactions().transaction(signed.txHash).call();
      return found.successful
        ? { kind: 'landed' }
        : { kind: 'failed', reason: 'transaction failed on chain' };
    } catch (error) {
      if (error instanceof NotFoundError) return { kind: 'unknown' };
      throw error;
    }
  }

  // Until its time bounds pass and while its sequence number is unused, it may still apply.
  async canStillLand(signed: SignedChainTransaction): Promise<boolean> {
    if (signed.validUntil && signed.validUntil.getTime() <= this.clock.now().getTime()) return false;
    const transaction = this.transaction(signed);
    const account = await this.horizon.server.loadAccount(transaction.source);
    return BigInt(account.sequenceNumber()) < BigInt(transaction.sequence);
  }

  // The fee charged to the source account, in XLM.
  async feeOf(signed: SignedChainTransaction): Promise<string> {
    const found = await this.horizon.server.transactions().transaction(signed.txHash).call();
    return trimDecimal(formatUnits(BigInt(found.fee_charged), STROOP_DECIMALS));
  }

  private transaction(signed: SignedChainTransaction): Transaction {
    return new Transaction(signed.signedPayload, this.config.STELLAR_NETWORK_PASSPHRASE);
  }
}

interface HorizonFailure {
  readonly extras?: {
    readonly result_codes?: { readonly transaction: string; readonly operations?: string[] };
  };
}
