import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { decimal } from '@payout/money';
import { Clock } from '@shared/util';
import { TransactionServiceConfig } from '../transaction-service.config.js';
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
  ) {}

  async of(partnerId: string): Promise<KycPolicy> {
    const row = await this.dataSource.getRepository(KycPolicyEntity).findOneBy({ partnerId });
    return row ? this.viewOf(row) : this.defaultFor(partnerId);
  }

  async set(partnerId: string, change: KycPolicyChange): Promise<KycPolicy> {
    const row: KycPolicyEntity = {
      partnerId,
      mode: change.mode,
      thresholdAmount: change.thresholdAmount ?? null,
      updatedAt: this.clock.now(),
    };
    await this.dataSource.getRepository(KycPolicyEntity).upsert(row, ['partnerId']);
    return this.viewOf(row);
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
