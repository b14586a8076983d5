import { Column, Entity, PrimaryColumn } from 'typeorm';

// A chat-api replica holding event queues, and where the others reach it: a queue lives in one
// replica's memory, and a long poll may arrive at any replica.
@Entity({ name: 'replica' })
export class ChatReplicaEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 2048 })
  url!: string;

  @Column({ name: 'seen_at', type: 'timestamptz' })
  seenAt!: Date;
}
