import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

// A user's `allow_private_data_export` (Zulip's UserProfile field of that name). Only users who
// changed it have a row: the others keep Zulip's default, false.
@Entity({ name: 'user_export_consent' })
@Index('user_export_consent_realm_idx', ['realmId', 'userId'])
export class UserExportConsentEntity {
  @PrimaryColumn({ name: 'user_id', type: 'int' })
  userId!: number;

  @Column({ name: 'realm_id', type: 'int' })
  realmId!: number;

  @Column({ type: 'boolean' })
  allowed!: boolean;
}
