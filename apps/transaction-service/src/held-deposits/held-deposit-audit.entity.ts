import { Column, Entity, Index } from 'typeorm';
import { OperatorAuditColumns } from '../core/database/operator-audit.columns.js';

export type HeldDepositAction = 'refund' | 'assign';

// One row per operator's request to refund or assign a held transfer, whatever came of it: who
// asked, when, for which deposit, to where, and the result (`result`: resolved, repeated — the
// request that resolved it, again — or error:<code>).
@Entity({ name: 'held_deposit_audit' })
@Index('held_deposit_audit_requested_idx', ['requestedAt'])
// The request that resolved a deposit, at most one: the one a repeat is compared with.
@Index('held_deposit_audit_resolution', ['depositId'], { unique: true, where: `"result" = 'resolved'` })
export class HeldDepositAuditEntity extends OperatorAuditColumns {
  @Column({ type: 'varchar', length: 8 })
  action!: HeldDepositAction;

  // As the request named it: an unknown or malformed id is recorded too.
  @Column({ name: 'deposit_id', type: 'varchar', length: 100 })
  depositId!: string;

  // Where the refund goes (the sender unless the operator named another address), or the
  // transaction it is assigned to; null when the request named none that could be read.
  @Column({ type: 'varchar', length: 120, nullable: true })
  target!: string | null;
}
