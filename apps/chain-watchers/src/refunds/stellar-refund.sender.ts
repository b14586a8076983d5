import { Injectable } from '@nestjs/common';
import {
  Asset,
  Keypair,
  NotFoundError,
  Operation,
  StrKey,
  Transaction,
  TransactionBuilder,
} from '@stellar/stellar-sdk';
import { Blockchain, type ActiveAssetView } from '@shared/contracts';
import { Clock } from '@shared/util';
import { ChainWatchersConfig } from '../chain-watchers.config.js';
import { StellarHorizon } from '../stellar/stellar-horizon.js';
import type { RefundAttemptEntity } from './refund-attempt.entity.js';
import { RefundRefusedError, RefundSender, type ChainVerdict, type SignedRefund } from './refund-sender.js';
import type { RefundEntity } from './refund.entity.js';

const STELLAR_AMOUNT = /^\d{1,12}(\.\d{1,7})?$/;
// Codes after which this signed transaction can never apply; the refund itself may still be
// made with a new one (new sequence number, new time bounds).
const RETRYABLE = new Set(['tx_bad_seq', 'tx_too_late', 'tx_insufficient_fee']);

@Injectable()
export class StellarRefundSender extends RefundSender {
  readonly blockchain = Blockchain.STELLAR;
  readonly hotWallet: string | null;
  private readonly keypair: Keypair | null;

  constructor(
    private readonly config: ChainWatchersConfig,
    private readonly horizon: StellarHorizon,
    private readonly clock: Clock,
  ) {
    super();
    this.keypair = config.STELLAR_REFUND_SECRET ? Keypair.fromSecret(config.STELLAR_REFUND_SECRET) : null;
    this.hotWallet = this.keypair?.publicKey() ?? null;
  }

  async sign(refund: RefundEntity, asset: ActiveAssetView): Promise<SignedRefund> {
    if (!StrKey.isValidEd25519PublicKey(refund.destination))
      throw new RefundRefusedError('invalid destination');
    if (!STELLAR_AMOUNT.test(refund.amount)) throw new RefundRefusedError('amount has more than 7 decimals');
    const account = await this.horizon.server.loadAccount(this.keypair!.publicKey());
    const transaction = new TransactionBuilder(account, {
      fee: '1000',
      networkPassphrase: this.config.STELLAR_NETWORK_PASSPHRASE,
    })
      .addOperation(
        Operation.payment({
          destination: refund.destination,
          asset: new Asset(asset.cryptoCurrency, asset.mintAddress),
          amount: refund.amount,
        }),
      )
      .setTimeout(this.config.REFUND_VALIDITY_S)
      .build();
    transaction.sign(this.keypair!);
    return {
      payload: transaction.toXDR(),
      hash: transaction.hash().toString('hex'),
      validUntil: new Date(Number(transaction.timeBounds!.maxTime) * 1000),
    };
  }

  async broadcast(attempt: RefundAttemptEntity): Promise<ChainVerdict> {
    try {
      await this.horizon.server.submitTransaction(this.transaction(attempt), { skipMemoRequiredCheck: true });
      return { kind: 'landed' };
    } catch (error) {
      const response = (error as { response?: { status?: number; data?: HorizonFailure } }).response;
      const codes = response?.status === 400 ? response.data?.extras?.result_codes : undefined;
      if (!codes) return { kind: 'ambiguous' };
      if (RETRYABLE.has(codes.transaction)) return { kind: 'unknown' };
      return { kind: 'failed', reason: [codes.transaction, ...(codes.operations ?? [])].join(' ') };
    }
  }

  async lookup(attempt: RefundAttemptEntity): Promise<ChainVerdict> {
    try {
      const found = await this.horizon.server.transactions().transaction(attempt.txHash).call();
      return found.successful
        ? { kind: 'landed' }
        : { kind: 'failed', reason: 'transaction failed on chain' };
    } catch (error) {
      if (error instanceof NotFoundError) return { kind: 'unknown' };
      throw error;
    }
  }

  // Until its time bounds pass and while its sequence number is unused, it may still apply.
  async canStillLand(attempt: RefundAttemptEntity): Promise<boolean> {
    if (attempt.validUntil && attempt.validUntil.getTime() <= this.clock.now().getTime()) return false;
    const account = await this.horizon.server.loadAccount(this.keypair!.publicKey());
    return BigInt(account.sequenceNumber()) < BigInt(this.transaction(attempt).sequence);
  }

  private transaction(attempt: RefundAttemptEntity): Transaction {
    return new Transaction(attempt.signedPayload, this.config.STELLAR_NETWORK_PASSPHRASE);
  }
}

interface HorizonFailure {
  readonly extras?: {
    readonly result_codes?: { readonly transaction: string; readonly operations?: string[] };
  };
}
