import { Column, Entity, PrimaryColumn, Unique } from 'typeorm';
import type { TransactionStatus, TransactionStatusChangedV1 } from '@shared/contracts';

// Every change of a transaction, in order, under the idempotency key of what caused it
// (`create:<quoteId>`, `deposit:<chain>:<tx>`, `expire:<id>`…): replaying a cause finds its
// entry and changes nothing.
@Entity({ name: 'transaction_journal' })
@Unique('transaction_journal_cause', ['transactionId', 'idempotencyKey'])
export class TransactionJournalEntryEntity {
  @PrimaryColumn({ name: 'transaction_id', type: 'uuid' })
  transactionId!: string;

  // The sequence of the event announcing this change.
  @PrimaryColumn({ type: 'int' })
  sequence!: number;

  @Column({ name: 'idempotency_key', type: 'varchar', length: 200 })
  idempotencyKey!: string;

  @Column({ type: 'varchar', length: 12 })
  change!: TransactionStatusChangedV1['change'];

  @Column({ name: 'from_status', type: 'varchar', length: 24, nullable: true })
  fromStatus!: TransactionStatus | null;

  @Column({ name: 'to_status', type: 'varchar', length: 24 })
  toStatus!: TransactionStatus;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt!: Date;
}
