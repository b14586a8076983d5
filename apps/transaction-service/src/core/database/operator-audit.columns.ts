import { Column, PrimaryColumn } from 'typeorm';

// The columns every audit of operators' requests shares (reconcile calls, held-transfer
// refunds and assignments): one row per request, whatever its result, never updated.
export abstract class OperatorAuditColumns {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  // The operator named by the X-Operator header, else "ops" (the shared key names nobody).
  @Column({ type: 'varchar', length: 100 })
  actor!: string;

  @Column({ name: 'correlation_id', type: 'varchar', length: 100, nullable: true })
  correlationId!: string | null;

  // What came of the request (each audit lists its values), or error:<code>.
  @Column({ type: 'varchar', length: 40 })
  result!: string;

  @Column({ type: 'varchar', length: 300, nullable: true })
  reason!: string | null;

  @Column({ name: 'requested_at', type: 'timestamptz' })
  requestedAt!: Date;
}
