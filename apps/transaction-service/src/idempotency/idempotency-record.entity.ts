import { Column, Entity, PrimaryColumn } from 'typeorm';

// The answer given to a partner's request under its Idempotency-Key, with the fingerprint of
// the body it answered: a retry with the same key and body gets the same answer again.
@Entity({ name: 'idempotency_record' })
export class IdempotencyRecordEntity {
  @PrimaryColumn({ name: 'partner_id', type: 'uuid' })
  partnerId!: string;

  @PrimaryColumn({ name: 'idempotency_key', type: 'varchar', length: 255 })
  idempotencyKey!: string;

  // SHA-256 of the canonical JSON of the request body.
  @Column({ type: 'char', length: 64 })
  fingerprint!: string;

  // json, not jsonb: the answer is replayed byte for byte, its fields in their order.
  @Column({ type: 'json' })
  response!: object;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
