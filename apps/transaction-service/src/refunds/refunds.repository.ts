import { Injectable } from '@nestjs/common';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import { RefundEntity } from './refund.entity.js';

// Refunds are written in the caller's transaction, beside the outbox event that announces them.
@Injectable()
export class RefundsRepository {
  // False when the deposit already has a refund for this reason: nothing written.
  async insertIfNew(unit: UnitOfWork, refund: RefundEntity): Promise<boolean> {
    const manager = entityManagerOf(unit);
    const inserted = await manager
      .createQueryBuilder()
      .insert()
      .into(RefundEntity)
      .values(refund)
      .orIgnore()
      .returning(['id'])
      .execute();
    return inserted.raw.length > 0;
  }

  // The refund locked until the transaction ends, so that two outcomes of one refund serialise.
  lockForSettlement(unit: UnitOfWork, refundId: string): Promise<RefundEntity | null> {
    const manager = entityManagerOf(unit);
    return manager.findOne(RefundEntity, {
      where: { id: refundId },
      lock: { mode: 'pessimistic_write' },
    });
  }

  async saveSettlement(unit: UnitOfWork, settled: RefundEntity): Promise<void> {
    const manager = entityManagerOf(unit);
    await manager.update(
      RefundEntity,
      { id: settled.id },
      {
        status: settled.status,
        onChainTx: settled.onChainTx,
        failureReason: settled.failureReason,
        settledAt: settled.settledAt,
      },
    );
  }
}
