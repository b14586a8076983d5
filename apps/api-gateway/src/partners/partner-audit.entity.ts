import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

export type PartnerAuditAction =
  'create_partner' | 'issue_key' | 'revoke_key' | 'set_key_quota' | 'disable_user' | 'enable_user';
export const PARTNER_AUDIT_ACTIONS: readonly PartnerAuditAction[] = [
  'create_partner',
  'issue_key',
  'revoke_key',
  'set_key_quota',
  'disable_user',
  'enable_user',
];

// One row per change to partners and their keys, written in the change's own database
// transaction: who made it, what it was, when. Never updated.
@Entity({ name: 'partner_audit' })
@Index('partner_audit_occurred_idx', ['occurredAt'])
export class PartnerAuditEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  // The operator named by the X-Operator header (else "ops"), or "partner" when a partner
  // manages its own keys.
  @Column({ type: 'varchar', length: 100 })
  actor!: string;

  @Column({ type: 'varchar', length: 20 })
  action!: PartnerAuditAction;

  @Column({ name: 'partner_id', type: 'uuid' })
  partnerId!: string;

  // The partner's name, the key's display prefix, the key quota before and after ("10 (default) → 25")
  // or the user id: what a person recognises.
  @Column({ type: 'varchar', length: 200 })
  subject!: string;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt!: Date;
}
