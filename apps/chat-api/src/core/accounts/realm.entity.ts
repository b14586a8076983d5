import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

// A Zulip organization. `host` is set when the realm is served on its own host name (the
// gateway's CHAT_HOST routing or a subdomain): requests for that host belong to this realm.
@Entity({ name: 'realm' })
@Index('realm_host_key', ['host'], { unique: true, where: '"host" IS NOT NULL' })
export class RealmEntity {
  @PrimaryGeneratedColumn('identity', { type: 'int' })
  id!: number;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  host!: string | null;

  // The origin clients use (`realm_url` in /server_settings and /register).
  @Column({ type: 'varchar', length: 300 })
  url!: string;

  @Column({ type: 'boolean', default: false })
  deactivated!: boolean;

  // The realm's "Notification Bot", sender of reminders and scheduled-message failures.
  @Column({ name: 'notification_bot_id', type: 'int', nullable: true })
  notificationBotId!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
