import { Column, Entity, Index, PrimaryColumn, Unique } from 'typeorm';

// One signed transfer of a refund, recorded (payload and hash) before it is broadcast. While its
// outcome is unknown it is PENDING: it is looked up by hash and, while it could still land,
// rebroadcast as is; a new attempt is signed only once this one can never land (EXPIRED).
@Entity({ name: 'refund_attempt' })
@Unique('refund_attempt_number', ['refundId', 'attempt'])
// One signed transaction is one transfer: a second attempt that signed to the same hash (on
// Solana, the same transfer against the same blockhash) would be taken as landed when the first
// lands, while no second transfer happened. Refused here, it is signed again on a later pass.
@Unique('refund_attempt_tx_hash', ['txHash'])
@Index('refund_attempt_pending', ['refundId'], { where: `"state" = 'PENDING'` })
export class RefundAttemptEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'refund_id', type: 'uuid' })
  refundId!: string;

  @Column({ type: 'int' })
  attempt!: number;

  @Column({ name: 'signed_payload', type: 'text' })
  signedPayload!: string;

  @Column({ name: 'tx_hash', type: 'varchar', length: 128 })
  txHash!: string;

  // What bounds the signed transfer's life: Stellar time bounds, Solana block height, EVM nonce.
  @Column({ name: 'valid_until', type: 'timestamptz', nullable: true })
  validUntil!: Date | null;

  @Column({ name: 'last_valid_block_height', type: 'bigint', nullable: true })
  lastValidBlockHeight!: string | null;

  @Column({ type: 'bigint', nullable: true })
  nonce!: string | null;

  @Column({ type: 'varchar', length: 12 })
  state!: 'PENDING' | 'LANDED' | 'FAILED' | 'EXPIRED';

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
