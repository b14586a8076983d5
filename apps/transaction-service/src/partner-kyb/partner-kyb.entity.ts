import { Column, Entity, PrimaryColumn } from 'typeorm';

export const KYB_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type KybStatus = (typeof KYB_STATUSES)[number];

// A partner's business verification as operations set it. No row: approved (partners are
// created approved unless created as pending).
@Entity({ name: 'partner_kyb' })
export class PartnerKybEntity {
  @PrimaryColumn({ name: 'partner_id', type: 'uuid' })
  partnerId!: string;

  @Column({ type: 'varchar', length: 10 })
  status!: KybStatus;

  // While pending: the completed volume allowed, in source units; null: KYB_PENDING_LIMIT.
  @Column({ name: 'pending_limit', type: 'numeric', precision: 20, scale: 6, nullable: true })
  pendingLimit!: string | null;

  // The operator named by X-Operator (else "ops").
  @Column({ name: 'updated_by', type: 'varchar', length: 100 })
  updatedBy!: string;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
