import { Column, Entity, PrimaryColumn } from 'typeorm';

// A realm's presence counter (Zulip's PresenceSequence). Each presence change takes the next
// value under this row's lock, so the values commit in order: a client that saw N never misses a
// change numbered below N that committed later.
@Entity({ name: 'presence_sequence' })
export class PresenceSequenceEntity {
  @PrimaryColumn({ name: 'realm_id', type: 'int' })
  realmId!: number;

  @Column({ name: 'last_update_id', type: 'int' })
  lastUpdateId!: number;
}
