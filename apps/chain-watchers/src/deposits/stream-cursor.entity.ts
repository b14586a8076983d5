import { Column, Entity, PrimaryColumn } from 'typeorm';

// Where a chain stream resumes (`stellar:payments:<account>` → Horizon paging token). Written
// only in the transaction that records what the stream delivered up to it.
@Entity({ name: 'stream_cursor' })
export class StreamCursorEntity {
  @PrimaryColumn({ type: 'varchar', length: 160 })
  stream!: string;

  @Column({ type: 'varchar', length: 64 })
  cursor!: string;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
