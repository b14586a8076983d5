import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export enum UserRole {
  OWNER = 100,
  ADMINISTRATOR = 200,
  MODERATOR = 300,
  MEMBER = 400,
  GUEST = 600,
}

export enum BotType {
  GENERIC = 1,
  INCOMING_WEBHOOK = 2,
  OUTGOING_WEBHOOK = 3,
  EMBEDDED = 4,
}

// A human or bot account of one realm. The API key is kept twice, never in clear: an HMAC for
// authenticating requests and an AES-GCM sealed copy, because Zulip's /fetch_api_key must hand
// the same key back to a user who proves their password.
@Entity({ name: 'user_profile' })
@Index('user_profile_realm_email_key', ['realmId', 'emailKey'], { unique: true })
@Index('user_profile_email_key_idx', ['emailKey'])
@Index('user_profile_api_key_hash_key', ['apiKeyHash'], { unique: true })
export class UserEntity {
  @PrimaryGeneratedColumn('identity', { type: 'int' })
  id!: number;

  @Column({ name: 'realm_id', type: 'int' })
  realmId!: number;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  // Lower-cased email: Zulip matches emails case-insensitively.
  @Column({ name: 'email_key', type: 'varchar', length: 254 })
  emailKey!: string;

  @Column({ name: 'full_name', type: 'varchar', length: 100 })
  fullName!: string;

  @Column({ type: 'smallint' })
  role!: UserRole;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  @Column({ name: 'bot_type', type: 'smallint', nullable: true })
  botType!: BotType | null;

  @Column({ name: 'bot_owner_id', type: 'int', nullable: true })
  botOwnerId!: number | null;

  @Column({ name: 'api_key_hash', type: 'varchar', length: 64 })
  apiKeyHash!: string;

  @Column({ name: 'api_key_sealed', type: 'varchar', length: 200 })
  apiKeySealed!: string;

  @Column({ name: 'password_hash', type: 'varchar', length: 200, nullable: true })
  passwordHash!: string | null;

  @Column({ type: 'varchar', length: 60, default: '' })
  timezone!: string;

  @Column({ name: 'date_joined', type: 'timestamptz' })
  dateJoined!: Date;
}
