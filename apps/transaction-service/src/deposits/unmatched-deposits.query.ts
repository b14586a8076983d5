import { Inject, Injectable } from '@nestjs/common';
import { DataSource, IsNull } from 'typeorm';
import { DepositEntity } from './deposit.entity.js';
import { depositView } from './deposit.view.js';

// Transfers into a deposit address that fund no transaction yet (no memo, an unknown memo, a
// transfer that did not fit its transaction): what operations recover with reconcile-hash, or
// refund or assign (held-deposits).
@Injectable()
export class UnmatchedDepositsQuery {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async page(page: number, pageSize: number) {
    const [deposits, total] = await this.dataSource.getRepository(DepositEntity).findAndCount({
      where: { transactionId: IsNull(), outcome: 'UNMATCHED' },
      order: { recordedAt: 'DESC', id: 'DESC' },
      skip: (page - 1) * pageSize,
      take: pageSize,
    });
    return { page, pageSize, total, deposits: deposits.map(depositView) };
  }

  // How many there are now, by chain (the metric deposits_unmatched); uses the partial index.
  async countByChain(): Promise<Map<string, number>> {
    const rows: Array<{ blockchain: string; count: string }> = await this.dataSource
      .getRepository(DepositEntity)
      .createQueryBuilder('deposit')
      .select('deposit.blockchain', 'blockchain')
      .addSelect('COUNT(*)', 'count')
      .where({ transactionId: IsNull(), outcome: 'UNMATCHED' })
      .groupBy('deposit.blockchain')
      .getRawMany();
    return new Map(rows.map((row) => [row.blockchain, Number(row.count)]));
  }
}
