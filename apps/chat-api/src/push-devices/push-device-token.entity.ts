import { Column, Entity, Unique } from 'typeorm';
import { UserOwnedColumns } from '../core/database/user-owned.columns.js';

// Zulip's PushDeviceToken.kind.
export enum PushTokenKind {
  APNS = 1,
  FCM = 2,
}

// A device registered the legacy way (POST /users/me/apns_device_token or
// /users/me/android_gcm_reg_id): its APNs or FCM token, sealed, and found again by its HMAC
// (the unique key's leading user_id also serves a user's lookups).
@Entity({ name: 'push_device_token' })
@Unique('push_device_token_uq', ['userId', 'kind', 'tokenHash'])
export class PushDeviceTokenEntity extends UserOwnedColumns {
  @Column({ type: 'smallint' })
  kind!: PushTokenKind;

  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash!: string;

  @Column({ name: 'token_sealed', type: 'text' })
  tokenSealed!: string;

  @Column({ name: 'ios_app_id', type: 'varchar', length: 255, nullable: true })
  iosAppId!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
