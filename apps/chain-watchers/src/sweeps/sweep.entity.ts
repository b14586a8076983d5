import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { Blockchain } from '@shared/contracts';

// One sweep of per-transaction deposit addresses into the treasury (the hot wallet): on Solana
// one transaction for a batch of addresses, the treasury paying the fee; on Celo one address,
// its gas first sent from the treasury. What it moved is in its items, each signed transaction
// in its attempts (recorded before broadcast), and what it cost in `network_fee` (every fee
// paid, in SOL or CELO) and `gas_funded` (CELO sent to the address for gas).
@Entity({ name: 'sweep' })
@Index('sweep_pending', ['blockchain', 'createdAt'], { where: `"status" = 'PENDING'` })
export class SweepEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 12 })
  blockchain!: Blockchain;

  @Column({ type: 'varchar', length: 12 })
  status!: 'PENDING' | 'SWEPT' | 'FAILED';

  // The treasury's address (Solana: the owner of the receiving token accounts).
  @Column({ type: 'varchar', length: 120 })
  destination!: string;

  // When the balances were last read into items (a deposit seen later keeps its address due).
  @Column({ name: 'planned_at', type: 'timestamptz', nullable: true })
  plannedAt!: Date | null;

  // The transfer that moved the funds (Celo: the last one).
  @Column({ name: 'tx_hash', type: 'varchar', length: 128, nullable: true })
  txHash!: string | null;

  @Column({ name: 'network_fee', type: 'numeric', nullable: true })
  networkFee!: string | null;

  @Column({ name: 'gas_funded', type: 'numeric', nullable: true })
  gasFunded!: string | null;

  @Column({ name: 'failure_reason', type: 'varchar', length: 200, nullable: true })
  failureReason!: string | null;

  @Column({ name: 'leased_until', type: 'timestamptz', nullable: true })
  leasedUntil!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'settled_at', type: 'timestamptz', nullable: true })
  settledAt!: Date | null;
}
