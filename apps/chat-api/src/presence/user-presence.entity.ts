import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

// One human user's presence (Zulip's UserPresence): when they were last active and last
// connected, and the realm's presence sequence number of their last change, by which clients
// fetch only what changed since their last poll.
@Entity({ name: 'user_presence' })
// GET/POST presence reads a realm's rows changed after a client's last_update_id, or connected
// within its history window: one index each, so a poll reads only the rows it returns.
@Index('user_presence_realm_update_idx', ['realmId', 'lastUpdateId'])
@Index('user_presence_realm_connected_idx', ['realmId', 'lastConnectedTime'])
export class UserPresenceEntity {
  @PrimaryColumn({ name: 'user_id', type: 'int' })
  userId!: number;

  @Column({ name: 'realm_id', type: 'int' })
  realmId!: number;

  // Null until the user is first reported active (Zulip reads the date they joined then).
  @Column({ name: 'last_active_time', type: 'timestamptz', nullable: true })
  lastActiveTime!: Date | null;

  @Column({ name: 'last_connected_time', type: 'timestamptz' })
  lastConnectedTime!: Date;

  @Column({ name: 'last_update_id', type: 'int' })
  lastUpdateId!: number;
}
