import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

// One row per change an operator makes to a partner's limits, written in the change's database
// transaction: who, when, and the partner's overrides before and after (`class=limit/seconds,…`,
// empty for none). Never updated.
@Entity({ name: 'partner_rate_limit_audit' })
@Index('partner_rate_limit_audit_occurred_idx', ['occurredAt'])
export class PartnerRateLimitAuditEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  // The X-Operator header of the change, else "ops".
  @Column({ type: 'varchar', length: 100 })
  actor!: string;

  @Column({ name: 'partner_id', type: 'uuid' })
  partnerId!: string;

  @Column({ name: 'from_limits', type: 'varchar', length: 400 })
  fromLimits!: string;

  @Column({ name: 'to_limits', type: 'varchar', length: 400 })
  toLimits!: string;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt!: Date;
}
