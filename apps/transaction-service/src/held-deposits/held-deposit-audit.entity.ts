import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

export type HeldDepositAction = 'refund' | 'assign';

// One row per operator's request to refund or assign a held transfer, whatever came of it: who
// asked, when, for which deposit, to where, and the result. Never updated.
@Entity({ name: 'held_deposit_audit' })
@Index('held_deposit_audit_requested_idx', ['requestedAt'])
// The request that resolved a deposit, at most one: the one a repeat is compared with.
@Index('held_deposit_audit_resolution', ['depositId'], { unique: true, where: `"result" = 'resolved'` })
export class HeldDepositAuditEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  // The operator named by the X-Operator header, else "ops" (the shared key names nobody).
  @Column({ type: 'varchar', length: 100 })
  actor!: string;

  @Column({ name: 'correlation_id', type: 'varchar', length: 100, nullable: true })
  correlationId!: string | null;

  @Column({ type: 'varchar', length: 8 })
  action!: HeldDepositAction;

  // As the request named it: an unknown or malformed id is recorded too.
  @Column({ name: 'deposit_id', type: 'varchar', length: 100 })
  depositId!: string;

  // Where the refund goes (the sender unless the operator named another address), or the
  // transaction it is assigned to; null when the request named none that could be read.
  @Column({ type: 'varchar', length: 120, nullable: true })
  target!: string | null;

  // resolved, repeated (the request that resolved it, again) or error:<code>.
  @Column({ type: 'varchar', length: 40 })
  result!: string;

  @Column({ type: 'varchar', length: 300, nullable: true })
  reason!: string | null;

  @Column({ name: 'requested_at', type: 'timestamptz' })
  requestedAt!: Date;
}
