import { Column, Entity, PrimaryColumn } from 'typeorm';

// An end user of a partner whom operations have disabled: present while disabled, deleted when
// enabled again (the partner audit log keeps the history).
@Entity({ name: 'disabled_user' })
export class DisabledUserEntity {
  @PrimaryColumn({ name: 'partner_id', type: 'uuid' })
  partnerId!: string;

  // The partner's user id: what quotes (a wallet session), accepts and KYC submissions name.
  @PrimaryColumn({ name: 'user_id', type: 'varchar', length: 128 })
  userId!: string;

  @Column({ name: 'disabled_at', type: 'timestamptz' })
  disabledAt!: Date;
}
