import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

// A partner's Idempotency-Key, claimed by the fingerprint of the first body sent under it, and
// the answer given to it: a retry with the same key and body gets the same answer again.
@Entity({ name: 'idempotency_record' })
@Index('idempotency_record_created_at', ['createdAt'])
export class IdempotencyRecordEntity {
  @PrimaryColumn({ name: 'partner_id', type: 'uuid' })
  partnerId!: string;

  @PrimaryColumn({ name: 'idempotency_key', type: 'varchar', length: 255 })
  idempotencyKey!: string;

  // SHA-256 of the canonical JSON of the request body.
  @Column({ type: 'char', length: 64 })
  fingerprint!: string;

  // json, not jsonb: the answer is replayed byte for byte, its fields in their order. Null while
  // the key is claimed and its first request is in flight.
  @Column({ type: 'json', nullable: true })
  response!: object | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
