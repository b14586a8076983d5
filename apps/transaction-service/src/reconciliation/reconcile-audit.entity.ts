import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { Blockchain } from '@shared/contracts';

// One row per reconcile call, whatever its result: who asked, when, about what, and what came of
// it. Never updated.
@Entity({ name: 'reconcile_audit' })
@Index('reconcile_audit_tx_idx', ['blockchain', 'onChainTx'])
export class ReconcileAuditEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  // The operator named by the X-Operator header, else "ops" (the shared key names nobody).
  @Column({ type: 'varchar', length: 100 })
  actor!: string;

  @Column({ name: 'correlation_id', type: 'varchar', length: 100, nullable: true })
  correlationId!: string | null;

  @Column({ type: 'varchar', length: 12 })
  blockchain!: Blockchain;

  @Column({ name: 'on_chain_tx', type: 'varchar', length: 200 })
  onChainTx!: string;

  // The transaction the operator named, if any.
  @Column({ name: 'requested_transaction_id', type: 'uuid', nullable: true })
  requestedTransactionId!: string | null;

  // already_processed, enqueued, not_found, invalid, unresolved, or error:<code>.
  @Column({ type: 'varchar', length: 40 })
  result!: string;

  @Column({ name: 'transaction_id', type: 'uuid', nullable: true })
  transactionId!: string | null;

  @Column({ type: 'varchar', length: 300, nullable: true })
  reason!: string | null;

  @Column({ name: 'requested_at', type: 'timestamptz' })
  requestedAt!: Date;
}
