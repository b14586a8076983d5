import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

// One user muting another (Zulip's MutedUser): the primary key makes a second mute fail.
@Entity({ name: 'muted_user' })
@Index('muted_user_muted_idx', ['mutedUserId'])
export class MutedUserEntity {
  @PrimaryColumn({ name: 'user_id', type: 'int' })
  userId!: number;

  @PrimaryColumn({ name: 'muted_user_id', type: 'int' })
  mutedUserId!: number;

  @Column({ name: 'realm_id', type: 'int' })
  realmId!: number;

  @Column({ name: 'date_muted', type: 'timestamptz' })
  dateMuted!: Date;
}
