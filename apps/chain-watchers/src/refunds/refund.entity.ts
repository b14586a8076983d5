import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { Blockchain, CryptoCurrency, type RefundRequestedV1 } from '@shared/contracts';

// A refund transaction-service asked for (one row per refundId, whatever the redeliveries), and
// where it stands: REQUESTED until a signed transfer is known to have landed (SENT) or can no
// longer be made (FAILED). A request this service cannot account for (no deposit of its own
// behind it, or more than the deposit has left) is kept FAILED from the start, never sent.
@Entity({ name: 'refund' })
@Index('refund_open', ['requestedAt'], { where: `"status" = 'REQUESTED'` })
@Index('refund_deposit', ['blockchain', 'depositOnChainTx', 'depositTransferIndex'])
export class RefundEntity {
  @PrimaryColumn({ name: 'refund_id', type: 'uuid' })
  refundId!: string;

  // Null for a held transfer an operator sends back: it funds no transaction.
  @Column({ name: 'transaction_id', type: 'uuid', nullable: true })
  transactionId!: string | null;

  @Column({ type: 'varchar', length: 12 })
  blockchain!: Blockchain;

  @Column({ name: 'crypto_currency', type: 'varchar', length: 12 })
  cryptoCurrency!: CryptoCurrency;

  @Column({ type: 'varchar', length: 120 })
  destination!: string;

  @Column({ type: 'numeric' })
  amount!: string;

  // The recorded deposit (`seen_transfer`) this refund gives back. Null only on refunds accepted
  // before requests named their deposit: those are never signed anew.
  @Column({ name: 'deposit_on_chain_tx', type: 'varchar', length: 128, nullable: true })
  depositOnChainTx!: string | null;

  @Column({ name: 'deposit_transfer_index', type: 'int', nullable: true })
  depositTransferIndex!: number | null;

  @Column({ type: 'varchar', length: 16 })
  reason!: RefundRequestedV1['reason'];

  @Column({ type: 'varchar', length: 12 })
  status!: 'REQUESTED' | 'SENT' | 'FAILED';

  @Column({ name: 'on_chain_tx', type: 'varchar', length: 128, nullable: true })
  onChainTx!: string | null;

  @Column({ name: 'failure_reason', type: 'varchar', length: 200, nullable: true })
  failureReason!: string | null;

  @Column({ name: 'requested_at', type: 'timestamptz' })
  requestedAt!: Date;

  @Column({ name: 'settled_at', type: 'timestamptz', nullable: true })
  settledAt!: Date | null;

  // A worker's claim on the refund while it signs or broadcasts (replicas skip leased rows).
  @Column({ name: 'leased_until', type: 'timestamptz', nullable: true })
  leasedUntil!: Date | null;

  // The W3C traceparent of the request for it (the transaction's trace when transaction-service
  // asks, an operator's request for a held transfer): it is sent, retried and announced in that
  // trace. Null for refunds requested before it was kept, or with tracing off.
  @Column({ type: 'varchar', length: 55, nullable: true })
  traceparent!: string | null;
}
