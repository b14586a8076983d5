import { Column, Entity, Index, PrimaryColumn, Unique } from 'typeorm';
import { Blockchain } from '@shared/contracts';

// A Solana or Celo transaction's own deposit address (derived from the master secret and the
// transaction id, so the row holds no key). It is watched for deposits until `watch_until` or
// until the watcher announced one, and swept to the treasury whenever a deposit is known to have
// arrived (`due_at`) and no sweep holds it (`sweep_id`).
@Entity({ name: 'deposit_account' })
@Unique('deposit_account_address', ['blockchain', 'address'])
@Index('deposit_account_watched', ['blockchain', 'watchUntil'], { where: '"announced_at" IS NULL' })
@Index('deposit_account_sweep_due', ['blockchain', 'dueAt'], {
  where: '"due_at" IS NOT NULL AND "sweep_id" IS NULL',
})
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

  // When the watcher first announced a deposit to it (then it is no longer watched).
  @Column({ name: 'announced_at', type: 'timestamptz', nullable: true })
  announcedAt!: Date | null;

  // Since when it holds funds no sweep took yet; cleared by the sweep that empties it.
  @Column({ name: 'due_at', type: 'timestamptz', nullable: true })
  dueAt!: Date | null;

  @Column({ name: 'sweep_id', type: 'uuid', nullable: true })
  sweepId!: string | null;
}
