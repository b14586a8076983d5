import { Column, PrimaryColumn } from 'typeorm';

// The columns every audit of a partner's settings shares (KYC policy, KYB status): one row per
// change an operator made, written in the same database transaction as the change, never updated.
export abstract class PartnerSettingAuditColumns {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  // The operator named by the X-Operator header, else "ops" (the shared key names nobody).
  @Column({ type: 'varchar', length: 100 })
  actor!: string;

  @Column({ name: 'partner_id', type: 'uuid' })
  partnerId!: string;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt!: Date;
}
