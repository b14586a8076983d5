import { Entity, PrimaryColumn } from 'typeorm';

// A channel every new human account of the realm is subscribed to (Zulip's DefaultStream).
// Only public channels are default: making one private is refused while it is default.
@Entity({ name: 'default_stream' })
export class DefaultStreamEntity {
  @PrimaryColumn({ name: 'realm_id', type: 'int' })
  realmId!: number;

  @PrimaryColumn({ name: 'stream_id', type: 'int' })
  streamId!: number;
}
