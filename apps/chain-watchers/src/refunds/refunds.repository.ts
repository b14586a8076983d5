import { Inject, Injectable } from '@nestjs/common';
import { DataSource, IsNull, LessThan, Not } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import type { Blockchain } from '@shared/contracts';
import { SeenTransferEntity } from '../deposits/seen-transfer.entity.js';
import { RefundAttemptEntity } from './refund-attempt.entity.js';
import type { RecordedDeposit } from './refund-policy.js';
import { RefundEntity } from './refund.entity.js';

export interface RefundSettlement {
  readonly status: 'SENT' | 'FAILED';
  readonly onChainTx: string | null;
  readonly failureReason: string | null;
  readonly settledAt: Date;
}

// Refunds and their signed attempts. A refund is worked on by one replica at a time, under a
// lease on its row.
@Injectable()
export class RefundsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  // Once per refundId, whatever the redeliveries (a second insert does nothing): true when new.
  async insertIfNew(unit: UnitOfWork, refund: RefundEntity): Promise<boolean> {
    const result = await entityManagerOf(unit)
      .createQueryBuilder()
      .insert()
      .into(RefundEntity)
      .values(refund)
      .orIgnore()
      .returning(['refundId'])
      .execute();
    return result.raw.length > 0;
  }

  // The deposit as this service recorded it, and how much of it refunds already take (requested
  // or sent), or null when it never saw that transfer. The deposit's row stays locked until the
  // transaction ends, so two requests against one deposit are weighed one after the other.
  async lockRecordedDeposit(
    unit: UnitOfWork,
    blockchain: Blockchain,
    onChainTx: string,
    transferIndex: number,
  ): Promise<RecordedDeposit | null> {
    const manager = entityManagerOf(unit);
    const deposit = await manager.getRepository(SeenTransferEntity).findOne({
      where: { blockchain, onChainTx, transferIndex },
      lock: { mode: 'pessimistic_write' },
    });
    if (!deposit) return null;
    const taken: { refunded: string } | undefined = await manager
      .getRepository(RefundEntity)
      .createQueryBuilder('refund')
      .select('COALESCE(SUM(refund.amount), 0)::text', 'refunded')
      .where({
        blockchain,
        depositOnChainTx: onChainTx,
        depositTransferIndex: transferIndex,
        status: Not('FAILED'),
      })
      .getRawOne();
    return {
      cryptoCurrency: deposit.cryptoCurrency,
      sender: deposit.sender,
      amount: deposit.amount,
      alreadyRefunded: taken?.refunded ?? '0',
    };
  }

  // The oldest refunds still REQUESTED, leased or not.
  oldestOpen(limit: number): Promise<RefundEntity[]> {
    return this.dataSource.getRepository(RefundEntity).find({
      where: { status: 'REQUESTED' },
      order: { requestedAt: 'ASC' },
      take: limit,
    });
  }

  // False when the refund is settled, or leased by another replica until after `now`.
  async lease(refundId: string, now: Date, until: Date): Promise<boolean> {
    const { affected } = await this.dataSource.getRepository(RefundEntity).update(
      [
        { refundId, status: 'REQUESTED', leasedUntil: IsNull() },
        { refundId, status: 'REQUESTED', leasedUntil: LessThan(now) },
      ],
      { leasedUntil: until },
    );
    return (affected ?? 0) > 0;
  }

  async releaseLease(refundId: string): Promise<void> {
    await this.dataSource
      .getRepository(RefundEntity)
      .update({ refundId, status: 'REQUESTED' }, { leasedUntil: null });
  }

  // False when the refund was settled already: nothing written.
  async settle(unit: UnitOfWork, refundId: string, settlement: RefundSettlement): Promise<boolean> {
    const { affected } = await entityManagerOf(unit).update(
      RefundEntity,
      { refundId, status: 'REQUESTED' },
      { ...settlement, leasedUntil: null },
    );
    return Boolean(affected);
  }

  pendingAttempt(refundId: string): Promise<RefundAttemptEntity | null> {
    return this.dataSource.getRepository(RefundAttemptEntity).findOneBy({ refundId, state: 'PENDING' });
  }

  countAttempts(refundId: string): Promise<number> {
    return this.dataSource.getRepository(RefundAttemptEntity).countBy({ refundId });
  }

  saveAttempt(attempt: RefundAttemptEntity): Promise<RefundAttemptEntity> {
    return this.dataSource.getRepository(RefundAttemptEntity).save(attempt);
  }

  async expireAttempt(attemptId: string): Promise<void> {
    await this.dataSource.getRepository(RefundAttemptEntity).update({ id: attemptId }, { state: 'EXPIRED' });
  }

  async markAttempt(unit: UnitOfWork, attemptId: string, state: RefundAttemptEntity['state']): Promise<void> {
    await entityManagerOf(unit).update(RefundAttemptEntity, { id: attemptId }, { state });
  }
}
