import { Column, Entity, Index } from 'typeorm';
import { PartnerSettingAuditColumns } from '../core/database/partner-setting-audit.columns.js';
import type { KycPolicyMode } from './kyc-policy.entity.js';

// One row per KYC policy an operator sets, written in the same database transaction as the
// policy: who set it, for which partner, what, when. Never updated.
@Entity({ name: 'kyc_policy_audit' })
@Index('kyc_policy_audit_occurred_idx', ['occurredAt'])
export class KycPolicyAuditEntity extends PartnerSettingAuditColumns {
  @Column({ type: 'varchar', length: 12 })
  mode!: KycPolicyMode;

  // As asked: null means the configured default amount.
  @Column({ name: 'threshold_amount', type: 'numeric', precision: 20, scale: 6, nullable: true })
  thresholdAmount!: string | null;
}
