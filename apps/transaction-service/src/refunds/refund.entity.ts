import { Column, Entity, Index, PrimaryColumn, Unique } from 'typeorm';
import type { Blockchain, CryptoCurrency, RefundRequestedV1, RefundStatus } from '@shared/contracts';

export type RefundReason = RefundRequestedV1['reason'];

// Crypto sent back to a sender (or, for a held transfer, where an operator named). One refund per
// deposit and reason, so a replayed cause never asks chain-watchers twice; its id is the
// idempotency key chain-watchers signs with.
@Entity({ name: 'refund' })
@Unique('refund_deposit_reason', ['depositId', 'reason'])
@Index('refund_transaction_idx', ['transactionId'])
export class RefundEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  // Null for a held transfer an operator sent back: it funds no transaction.
  @Column({ name: 'transaction_id', type: 'uuid', nullable: true })
  transactionId!: string | null;

  @Column({ name: 'deposit_id', type: 'uuid' })
  depositId!: string;

  @Column({ type: 'varchar', length: 12 })
  blockchain!: Blockchain;

  @Column({ name: 'crypto_currency', type: 'varchar', length: 12 })
  cryptoCurrency!: CryptoCurrency;

  @Column({ type: 'varchar', length: 120 })
  destination!: string;

  @Column({ type: 'numeric', precision: 38, scale: 18 })
  amount!: string;

  @Column({ type: 'varchar', length: 16 })
  reason!: RefundReason;

  @Column({ type: 'varchar', length: 12 })
  status!: RefundStatus;

  @Column({ name: 'on_chain_tx', type: 'varchar', length: 200, nullable: true })
  onChainTx!: string | null;

  @Column({ name: 'failure_reason', type: 'varchar', length: 300, nullable: true })
  failureReason!: string | null;

  @Column({ name: 'requested_at', type: 'timestamptz' })
  requestedAt!: Date;

  @Column({ name: 'settled_at', type: 'timestamptz', nullable: true })
  settledAt!: Date | null;
}
