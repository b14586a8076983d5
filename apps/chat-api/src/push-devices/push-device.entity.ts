import { Column, Entity, Unique } from 'typeorm';
import { UserOwnedColumns } from '../core/database/user-owned.columns.js';

export type PushDeviceStatus = 'pending' | 'active' | 'failed';

// A device registered the end-to-end encrypted way (Zulip's PushDevice, POST
// /mobile_push/register): one per (user, push_account_id). The client's keys and its encrypted
// registration are secrets, kept sealed; the bouncer answers with its own device id.
@Entity({ name: 'push_device' })
@Unique('push_device_account_uq', ['userId', 'pushAccountId'])
export class PushDeviceEntity extends UserOwnedColumns {
  // The client's own id for the account, a JSON integer (kept as text: it may exceed 2^53).
  @Column({ name: 'push_account_id', type: 'bigint' })
  pushAccountId!: string;

  @Column({ name: 'token_kind', type: 'varchar', length: 8 })
  tokenKind!: 'fcm' | 'apns';

  @Column({ name: 'push_public_key_sealed', type: 'text' })
  pushPublicKeySealed!: string;

  @Column({ name: 'bouncer_public_key', type: 'text' })
  bouncerPublicKey!: string;

  @Column({ name: 'encrypted_push_registration_sealed', type: 'text' })
  encryptedPushRegistrationSealed!: string;

  @Column({ type: 'varchar', length: 8 })
  status!: PushDeviceStatus;

  @Column({ name: 'error_code', type: 'varchar', length: 64, nullable: true })
  errorCode!: string | null;

  @Column({ name: 'bouncer_device_id', type: 'bigint', nullable: true })
  bouncerDeviceId!: string | null;

  // When the current registration attempt began: the bouncer stops retrying a day later.
  @Column({ name: 'registered_at', type: 'timestamptz' })
  registeredAt!: Date;
}
