import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { TransactionStatus } from '@shared/contracts';
import { PartnerKybAuditEntity } from './partner-kyb-audit.entity.js';
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

  // The status and its audit row commit together; the row read under lock gives the audit's
  // "from" even when two operators change the same partner at once.
  async save(entry: PartnerKybEntity, auditId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const before = await manager.findOne(PartnerKybEntity, {
        where: { partnerId: entry.partnerId },
        lock: { mode: 'pessimistic_write' },
      });
      await manager.upsert(PartnerKybEntity, entry, ['partnerId']);
      await manager.insert(PartnerKybAuditEntity, {
        id: auditId,
        actor: entry.updatedBy,
        partnerId: entry.partnerId,
        fromStatus: before?.status ?? 'approved',
        toStatus: entry.status,
        pendingLimit: entry.pendingLimit,
        occurredAt: entry.updatedAt,
      });
    });
  }

  // KYB changes, newest first.
  auditPage(page: number, pageSize: number): Promise<[PartnerKybAuditEntity[], number]> {
    return this.dataSource.getRepository(PartnerKybAuditEntity).findAndCount({
      order: { occurredAt: 'DESC', id: 'DESC' },
      skip: (page - 1) * pageSize,
      take: pageSize,
    });
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
