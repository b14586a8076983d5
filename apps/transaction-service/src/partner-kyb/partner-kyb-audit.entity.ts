import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { KybStatus } from './partner-kyb.entity.js';

// One row per KYB status an operator sets, written in the same database transaction as the
// status: who, when, from what to what, and the pending limit asked. Never updated.
@Entity({ name: 'partner_kyb_audit' })
@Index('partner_kyb_audit_occurred_idx', ['occurredAt'])
export class PartnerKybAuditEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  // The operator named by the X-Operator header, else "ops" (the shared key names nobody).
  @Column({ type: 'varchar', length: 100 })
  actor!: string;

  @Column({ name: 'partner_id', type: 'uuid' })
  partnerId!: string;

  // What it was before: approved for a partner never set.
  @Column({ name: 'from_status', type: 'varchar', length: 10 })
  fromStatus!: KybStatus;

  @Column({ name: 'to_status', type: 'varchar', length: 10 })
  toStatus!: KybStatus;

  // As asked: null means KYB_PENDING_LIMIT.
  @Column({ name: 'pending_limit', type: 'numeric', precision: 20, scale: 6, nullable: true })
  pendingLimit!: string | null;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt!: Date;
}
