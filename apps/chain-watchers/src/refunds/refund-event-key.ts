import type { RefundEntity } from './refund.entity.js';

// The key of a refund's events, so that they stay in order with the rest of what happened to its
// money: its transaction's id, or, for a held transfer that funds none, the deposit's transfer id
// (the refund id when even that is missing, on a refused legacy request).
export function refundEventKey(
  refund: Pick<RefundEntity, 'refundId' | 'transactionId' | 'depositOnChainTx'>,
) {
  return refund.transactionId ?? refund.depositOnChainTx ?? refund.refundId;
}
