import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

// A partner's API key. Only its keyed hash is stored; the key itself is shown once at creation.
@Entity({ name: 'api_key' })
@Index('api_key_partner_idx', ['partnerId'])
export class ApiKeyEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'partner_id', type: 'uuid' })
  partnerId!: string;

  // The key's first characters, safe to show in listings and logs to tell keys apart.
  @Column({ name: 'display_prefix', type: 'varchar', length: 16 })
  displayPrefix!: string;

  // HMAC-SHA256(pepper, key), hex.
  @Column({ name: 'key_hash', type: 'char', length: 64, unique: true })
  keyHash!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  // What its holder calls it ("production server"), given at creation; null when none was.
  @Column({ type: 'varchar', length: 64, nullable: true })
  name!: string | null;

  // When it last authenticated a request, up to a minute late (ApiKeyUsageRecorder); null: never.
  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt!: Date | null;
}
