import { Column, Entity, Index } from 'typeorm';
import { PartnerSettingAuditColumns } from '../core/database/partner-setting-audit.columns.js';
import type { KybStatus } from './partner-kyb.entity.js';

// One row per KYB status an operator sets, written in the same database transaction as the
// status: who, when, from what to what, and the pending limit asked. Never updated.
@Entity({ name: 'partner_kyb_audit' })
@Index('partner_kyb_audit_occurred_idx', ['occurredAt'])
export class PartnerKybAuditEntity extends PartnerSettingAuditColumns {
  // What it was before: approved for a partner never set.
  @Column({ name: 'from_status', type: 'varchar', length: 10 })
  fromStatus!: KybStatus;

  @Column({ name: 'to_status', type: 'varchar', length: 10 })
  toStatus!: KybStatus;

  // As asked: null means KYB_PENDING_LIMIT.
  @Column({ name: 'pending_limit', type: 'numeric', precision: 20, scale: 6, nullable: true })
  pendingLimit!: string | null;
}
