import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { RefundStatus } from '@shared/contracts';
import { decimal } from '@payout/money';
import { RefundEntity } from './refund.entity.js';

// Refunds operators look at: FAILED ones (chain-watchers gave up) and REQUESTED ones still
// waiting for an outcome. Newest first.
@Injectable()
export class RefundsNeedingAttentionQuery {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async page(status: RefundStatus, page: number, pageSize: number) {
    const [refunds, total] = await this.dataSource.getRepository(RefundEntity).findAndCount({
      where: { status },
      order: { requestedAt: 'DESC', id: 'DESC' },
      skip: (page - 1) * pageSize,
      take: pageSize,
    });
    return { page, pageSize, total, refunds: refunds.map(refundView) };
  }
}

function refundView(refund: RefundEntity) {
  return {
    id: refund.id,
    transactionId: refund.transactionId,
    blockchain: refund.blockchain,
    cryptoCurrency: refund.cryptoCurrency,
    destination: refund.destination,
    // The column's scale pads with zeros.
    amount: decimal(refund.amount).toFixed(),
    reason: refund.reason,
    status: refund.status,
    on_chain_tx: refund.onChainTx,
    failureReason: refund.failureReason,
    requestedAt: refund.requestedAt.toISOString(),
    settledAt: refund.settledAt?.toISOString() ?? null,
  };
}
