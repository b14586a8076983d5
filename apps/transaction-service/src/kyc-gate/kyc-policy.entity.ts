import { Column, Entity, PrimaryColumn } from 'typeorm';

export type KycPolicyMode = 'off' | 'always' | 'threshold';
export const KYC_POLICY_MODES: readonly KycPolicyMode[] = ['off', 'always', 'threshold'];

// A partner's own KYC policy, set by operators. Partners without a row get the configured default.
@Entity({ name: 'kyc_policy' })
export class KycPolicyEntity {
  @PrimaryColumn({ name: 'partner_id', type: 'uuid' })
  partnerId!: string;

  @Column({ type: 'varchar', length: 12 })
  mode!: KycPolicyMode;

  // USD-equivalent over 30 days for `threshold`; null means the configured default amount.
  @Column({ name: 'threshold_amount', type: 'numeric', precision: 20, scale: 6, nullable: true })
  thresholdAmount!: string | null;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
