import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

export type AuditedChange = Record<string, string | number | boolean | null>;

// One row per change to the corridor catalogue, written in the change's own database
// transaction: who made it, what it was, when. Never updated.
@Entity({ name: 'corridor_audit' })
@Index('corridor_audit_occurred_idx', ['occurredAt'])
export class CorridorAuditEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  // The operator named by the X-Operator header, else "ops" (the shared key names nobody).
  @Column({ type: 'varchar', length: 100 })
  actor!: string;

  // update_flow, activate_asset, mark_unsupported, restore_route or set_rail_caps.
  @Column({ type: 'varchar', length: 40 })
  action!: string;

  // The flow, asset, route or rail changed, as a person reads it (e.g. "USDC STELLAR → BREB COP").
  @Column({ type: 'varchar', length: 200 })
  subject!: string;

  // What was asked: the fields changed and their new values.
  @Column({ type: 'jsonb' })
  change!: AuditedChange;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt!: Date;
}
