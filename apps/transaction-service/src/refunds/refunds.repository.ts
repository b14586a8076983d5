import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { RefundEntity } from './refund.entity.js';

// Refunds are written in the caller's transaction, beside the outbox event that announces them.
@Injectable()
export class RefundsRepository {
  // False when the deposit already has a refund for this reason: nothing written.
  async insertIfNew(manager: EntityManager, refund: RefundEntity): Promise<boolean> {
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
  lockForSettlement(manager: EntityManager, refundId: string): Promise<RefundEntity | null> {
    return manager.findOne(RefundEntity, {
      where: { id: refundId },
      lock: { mode: 'pessimistic_write' },
    });
  }

  async saveSettlement(manager: EntityManager, settled: RefundEntity): Promise<void> {
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
