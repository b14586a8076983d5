import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

// A partner's webhook receiver (one per partner). The signing secrets are AES-256-GCM sealed
// (iv | tag | ciphertext), each bound to its row and slot: they must be readable to sign.
@Entity({ name: 'webhook_endpoint' })
@Index('webhook_endpoint_partner_uq', ['partnerId'], { unique: true })
export class WebhookEndpointEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'partner_id', type: 'uuid' })
  partnerId!: string;

  @Column({ type: 'varchar', length: 2048 })
  url!: string;

  @Column({ name: 'secret_sealed', type: 'bytea' })
  secretSealed!: Buffer;

  @Column({ name: 'secret_created_at', type: 'timestamptz' })
  secretCreatedAt!: Date;

  // The secret replaced by the last rotation, still used until it expires.
  @Column({ name: 'previous_secret_sealed', type: 'bytea', nullable: true })
  previousSecretSealed!: Buffer | null;

  @Column({ name: 'previous_secret_expires_at', type: 'timestamptz', nullable: true })
  previousSecretExpiresAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
