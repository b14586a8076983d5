import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DepositEntity } from '../deposits/deposit.entity.js';
import { PayoutEntity } from '../payouts/payout.entity.js';
import { RefundEntity } from '../refunds/refund.entity.js';
import { TransactionJournalEntryEntity } from '../transactions/transaction-journal-entry.entity.js';
import { TransactionEntity } from '../transactions/transaction.entity.js';

export interface TransactionHistory {
  readonly transaction: TransactionEntity;
  readonly journal: readonly TransactionJournalEntryEntity[];
  readonly deposits: readonly DepositEntity[];
  readonly payout: PayoutEntity | null;
  readonly refunds: readonly RefundEntity[];
}

// Everything that happened to one transaction of one partner, for its timeline. Another
// partner's transaction is not found.
@Injectable()
export class TransactionTimelineQuery {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async forPartner(partnerId: string, id: string): Promise<TransactionHistory | null> {
    const transaction = await this.dataSource.getRepository(TransactionEntity).findOneBy({ partnerId, id });
    if (!transaction) return null;
    const [journal, deposits, payout, refunds] = await Promise.all([
      this.dataSource
        .getRepository(TransactionJournalEntryEntity)
        .find({ where: { transactionId: id }, order: { sequence: 'ASC' } }),
      this.dataSource
        .getRepository(DepositEntity)
        .find({ where: { transactionId: id }, order: { confirmedAt: 'ASC' } }),
      this.dataSource.getRepository(PayoutEntity).findOneBy({ transactionId: id }),
      this.dataSource
        .getRepository(RefundEntity)
        .find({ where: { transactionId: id }, order: { requestedAt: 'ASC' } }),
    ]);
    return { transaction, journal, deposits, payout, refunds };
  }
}
