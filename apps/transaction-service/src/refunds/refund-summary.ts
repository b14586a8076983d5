import { decimal } from '@payout/money';
import type { TransactionRefundSummary } from '@shared/contracts';
import type { RefundEntity } from './refund.entity.js';

// A refund as the status change that asked for it tells the partner (the webhook's `refund`).
export function refundSummary(refund: RefundEntity): TransactionRefundSummary {
  return {
    status: refund.status,
    amount: decimal(refund.amount).toFixed(),
    onChainTx: refund.onChainTx,
    reason: refund.failureReason ?? refund.reason,
  };
}
