import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

// Requests counted in one window by every replica together: each adds what it counted since its
// last sync and reads the total back (RateLimitCounters). Pruned once the window is over.
@Entity({ name: 'rate_limit_window' })
@Index('rate_limit_window_ends_idx', ['endsAt'])
export class RateLimitWindowEntity {
  // `partner:<id>` or `address:<client address>`.
  @PrimaryColumn({ type: 'varchar', length: 100 })
  subject!: string;

  // The route class, or `failed_authentication`.
  @PrimaryColumn({ type: 'varchar', length: 32 })
  bucket!: string;

  // Epoch seconds; with the window's length, so a changed window never adds to an old count.
  @PrimaryColumn({ name: 'window_start', type: 'bigint' })
  windowStart!: string;

  @PrimaryColumn({ name: 'window_seconds', type: 'integer' })
  windowSeconds!: number;

  @Column({ type: 'integer' })
  hits!: number;

  // Epoch seconds, what pruning reads.
  @Column({ name: 'ends_at', type: 'bigint' })
  endsAt!: string;
}
