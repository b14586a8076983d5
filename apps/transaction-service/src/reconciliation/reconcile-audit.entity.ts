import { Column, Entity, Index } from 'typeorm';
import type { Blockchain } from '@shared/contracts';
import { OperatorAuditColumns } from '../core/database/operator-audit.columns.js';

// One row per reconcile call, whatever its result: who asked, when, about what, and what came of
// it (`result`: already_processed, enqueued, not_found, invalid, unresolved, or error:<code>).
@Entity({ name: 'reconcile_audit' })
@Index('reconcile_audit_tx_idx', ['blockchain', 'onChainTx'])
export class ReconcileAuditEntity extends OperatorAuditColumns {
  @Column({ type: 'varchar', length: 12 })
  blockchain!: Blockchain;

  @Column({ name: 'on_chain_tx', type: 'varchar', length: 200 })
  onChainTx!: string;

  // The transaction the operator named, if any.
  @Column({ name: 'requested_transaction_id', type: 'uuid', nullable: true })
  requestedTransactionId!: string | null;

  @Column({ name: 'transaction_id', type: 'uuid', nullable: true })
  transactionId!: string | null;
}
