import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { TransactionStatus } from '@shared/contracts';
import { PartnerKybEntity } from './partner-kyb.entity.js';

@Injectable()
export class PartnerKybRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  find(partnerId: string): Promise<PartnerKybEntity | null> {
    return this.dataSource.getRepository(PartnerKybEntity).findOneBy({ partnerId });
  }

  list(): Promise<PartnerKybEntity[]> {
    return this.dataSource.getRepository(PartnerKybEntity).find({ order: { updatedAt: 'DESC' } });
  }

  async save(entry: PartnerKybEntity): Promise<void> {
    await this.dataSource.getRepository(PartnerKybEntity).upsert(entry, ['partnerId']);
  }

  // Source units of every transaction of the partner that completed, as a decimal string: what a
  // pending partner's limit counts. Asked only for pending partners.
  async completedVolume(partnerId: string): Promise<string> {
    const rows: Array<{ volume: string | null }> = await this.dataSource.query(
      `SELECT SUM("source_amount")::text AS "volume" FROM "transaction"."transaction"
       WHERE "partner_id" = $1 AND "status" = $2`,
      [partnerId, TransactionStatus.PAYMENT_COMPLETED],
    );
    return rows[0]?.volume ?? '0';
  }
}
