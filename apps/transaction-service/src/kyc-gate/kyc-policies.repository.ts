import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { decimal } from '@payout/money';
import { Clock, IdGenerator } from '@shared/util';
import { TransactionServiceConfig } from '../core/transaction-service.config.js';
import { KycPolicyAuditEntity } from './kyc-policy-audit.entity.js';
import { KycPolicyEntity, type KycPolicyMode } from './kyc-policy.entity.js';

export interface KycPolicy {
  readonly partnerId: string;
  readonly mode: KycPolicyMode;
  // Decimal string; what `threshold` compares 30 days of completed volume against.
  readonly thresholdAmount: string;
  // `default` until an operator sets the partner's own.
  readonly source: 'default' | 'partner';
}

export interface KycPolicyChange {
  readonly mode: KycPolicyMode;
  readonly thresholdAmount?: string | null | undefined;
}

// Per-partner KYC policies, with the configured default for partners nobody configured.
@Injectable()
export class KycPoliciesRepository {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly config: TransactionServiceConfig,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async of(partnerId: string): Promise<KycPolicy> {
    const row = await this.dataSource.getRepository(KycPolicyEntity).findOneBy({ partnerId });
    return row ? this.viewOf(row) : this.defaultFor(partnerId);
  }

  // The policy and its audit row (who set it) commit together.
  async set(actor: string, partnerId: string, change: KycPolicyChange): Promise<KycPolicy> {
    const now = this.clock.now();
    const row: KycPolicyEntity = {
      partnerId,
      mode: change.mode,
      thresholdAmount: change.thresholdAmount ?? null,
      updatedAt: now,
    };
    await this.dataSource.transaction(async (manager) => {
      await manager.upsert(KycPolicyEntity, row, ['partnerId']);
      await manager.insert(KycPolicyAuditEntity, {
        id: this.ids.uuid(),
        actor,
        partnerId,
        mode: row.mode,
        thresholdAmount: row.thresholdAmount,
        occurredAt: now,
      });
    });
    return this.viewOf(row);
  }

  // Policies set, newest first.
  auditPage(page: number, pageSize: number): Promise<[KycPolicyAuditEntity[], number]> {
    return this.dataSource.getRepository(KycPolicyAuditEntity).findAndCount({
      order: { occurredAt: 'DESC', id: 'DESC' },
      skip: (page - 1) * pageSize,
      take: pageSize,
    });
  }

  private defaultFor(partnerId: string): KycPolicy {
    return {
      partnerId,
      mode: this.config.KYC_DEFAULT_MODE,
      thresholdAmount: decimal(this.config.KYC_THRESHOLD_AMOUNT).toFixed(),
      source: 'default',
    };
  }

  private viewOf(row: KycPolicyEntity): KycPolicy {
    return {
      partnerId: row.partnerId,
      mode: row.mode,
      thresholdAmount: decimal(row.thresholdAmount ?? this.config.KYC_THRESHOLD_AMOUNT).toFixed(),
      source: 'partner',
    };
  }
}
