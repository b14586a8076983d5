import { Column, Entity, Index, PrimaryColumn, Unique } from 'typeorm';
import { Blockchain } from '@shared/contracts';

// A Solana or Celo transaction's own deposit address (derived from the master secret and the
// transaction id, so the row holds no key). It stays ours for good: it is watched closely until
// `watch_until` (every pass, a second or late transfer included), then read again by the
// look-back in turn (`looked_back_at`), and swept to the treasury whenever a transfer is known to
// have arrived (`due_at`) and no sweep holds it (`sweep_id`).
@Entity({ name: 'deposit_account' })
@Unique('deposit_account_address', ['blockchain', 'address'])
@Index('deposit_account_watch_until', ['blockchain', 'watchUntil'])
@Index('deposit_account_look_back', ['blockchain', 'lookedBackAt'])
@Index('deposit_account_sweep_due', ['blockchain', 'dueAt'], {
  where: '"due_at" IS NOT NULL AND "sweep_id" IS NULL',
})
// A sweep's accounts (released or settled with it).
@Index('deposit_account_sweep', ['sweepId'], { where: '"sweep_id" IS NOT NULL' })
export class DepositAccountEntity {
  @PrimaryColumn({ type: 'varchar', length: 12 })
  blockchain!: Blockchain;

  @PrimaryColumn({ name: 'transaction_id', type: 'uuid' })
  transactionId!: string;

  // Solana: the owner of the token accounts that receive; Celo: the receiving address.
  @Column({ type: 'varchar', length: 120 })
  address!: string;

  // The token the transaction expects (Solana mint, Celo token contract).
  @Column({ type: 'varchar', length: 200 })
  asset!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'watch_until', type: 'timestamptz' })
  watchUntil!: Date;

  // When the watcher first announced a transfer to it.
  @Column({ name: 'announced_at', type: 'timestamptz', nullable: true })
  announcedAt!: Date | null;

  // When the look-back last read it (null: never); the least recently read go first.
  @Column({ name: 'looked_back_at', type: 'timestamptz', nullable: true })
  lookedBackAt!: Date | null;

  // Since when it holds funds no sweep took yet; cleared by the sweep that empties it.
  @Column({ name: 'due_at', type: 'timestamptz', nullable: true })
  dueAt!: Date | null;

  @Column({ name: 'sweep_id', type: 'uuid', nullable: true })
  sweepId!: string | null;

  // The W3C traceparent of the transaction's creation (the request that opened the account): the
  // deposit to it is reported in that trace, so the payout stays one trace.
  @Column({ type: 'varchar', length: 55, nullable: true })
  traceparent!: string | null;
}
