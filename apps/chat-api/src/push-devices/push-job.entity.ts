import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

// What a call to the bouncer does.
export type PushJobKind =
  // POST e2ee/register for a push_device row.
  | 'e2ee_register'
  // POST register / unregister for a legacy token (the token travels sealed in `secret`).
  | 'token_register'
  | 'token_unregister'
  // POST notify: a new message's notification, or the removal of read ones.
  | 'message'
  | 'remove';

// The queue of calls to the bouncer, written in the transaction of the change that needs the
// call (a registration, a sent message, a read): nothing is lost if the process dies before
// the call. A replica claims due rows with a lease (FOR UPDATE SKIP LOCKED), so each call is
// made by one replica at a time, and again only if its claim lapsed.
@Entity({ name: 'push_job' })
@Index('push_job_due_idx', ['dueAt', 'id'])
export class PushJobEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id!: string;

  @Column({ type: 'varchar', length: 16 })
  kind!: PushJobKind;

  @Column({ name: 'realm_id', type: 'int' })
  realmId!: number;

  @Column({ name: 'user_id', type: 'int' })
  userId!: number;

  @Column({ type: 'jsonb' })
  data!: Record<string, unknown>;

  @Column({ type: 'text', nullable: true })
  secret!: string | null;

  @Column({ type: 'int', default: 0 })
  attempts!: number;

  @Column({ name: 'due_at', type: 'timestamptz' })
  dueAt!: Date;

  @Column({ name: 'claimed_until', type: 'timestamptz', nullable: true })
  claimedUntil!: Date | null;
}
