import type { ActiveAssetView, Blockchain } from '@shared/contracts';
import type { ChainVerdict } from '../transfers/signed-chain-transaction.js';
import type { RefundAttemptEntity } from './refund-attempt.entity.js';
import type { RefundEntity } from './refund.entity.js';

export interface SignedRefund {
  readonly payload: string;
  readonly hash: string;
  readonly validUntil?: Date;
  readonly lastValidBlockHeight?: number;
  readonly nonce?: number;
}

export type { ChainVerdict } from '../transfers/signed-chain-transaction.js';

export class RefundRefusedError extends Error {}

// One chain's refunds from its hot wallet: build and sign (no broadcast), broadcast a recorded
// payload, look one up by hash, and tell whether a pending one can still land.
export abstract class RefundSender {
  abstract readonly blockchain: Blockchain;
  // Null when this chain's hot-wallet key is not configured.
  abstract readonly hotWallet: string | null;
  // Throws RefundRefusedError when the refund can never be made (bad destination, amount).
  abstract sign(refund: RefundEntity, asset: ActiveAssetView): Promise<SignedRefund>;
  abstract broadcast(attempt: RefundAttemptEntity): Promise<ChainVerdict>;
  abstract lookup(attempt: RefundAttemptEntity): Promise<ChainVerdict>;
  abstract canStillLand(attempt: RefundAttemptEntity): Promise<boolean>;
}
