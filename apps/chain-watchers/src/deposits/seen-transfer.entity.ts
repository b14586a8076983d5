import { Column, Entity, Index, PrimaryColumn, Unique } from 'typeorm';
import { Blockchain, CryptoCurrency } from '@shared/contracts';

// A customer's deposit (announced on chain.deposit.detected.v1), or the treasury's own funding
// (recorded for the books, never announced).
export type TransferKind = 'DEPOSIT' | 'TREASURY';

// Every transfer into one of our addresses this service saw, once: the unique key makes a
// replayed stream record, a look-back pass or a restart publish nothing twice.
@Entity({ name: 'seen_transfer' })
@Unique('seen_transfer_once', ['blockchain', 'onChainTx', 'transferIndex'])
@Index('seen_transfer_needs_attention', ['detectedAt'], { where: '"memo_problem" IS NOT NULL' })
export class SeenTransferEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 12 })
  blockchain!: Blockchain;

  @Column({ name: 'on_chain_tx', type: 'varchar', length: 128 })
  onChainTx!: string;

  @Column({ name: 'transfer_index', type: 'int' })
  transferIndex!: number;

  @Column({ name: 'crypto_currency', type: 'varchar', length: 12 })
  cryptoCurrency!: CryptoCurrency;

  @Column({ type: 'varchar', length: 200 })
  asset!: string;

  @Column({ name: 'deposit_address', type: 'varchar', length: 120 })
  depositAddress!: string;

  @Column({ type: 'varchar', length: 120 })
  sender!: string;

  @Column({ type: 'numeric' })
  amount!: string;

  @Column({ type: 'varchar', length: 12, default: 'DEPOSIT' })
  kind!: TransferKind;

  @Column({ type: 'varchar', length: 64, nullable: true })
  memo!: string | null;

  // Why the memo cannot name a transaction (`missing`, `malformed`): operations reconcile these.
  @Column({ name: 'memo_problem', type: 'varchar', length: 16, nullable: true })
  memoProblem!: string | null;

  @Column({ name: 'found_by', type: 'varchar', length: 16 })
  foundBy!: 'stream' | 'reconciliation' | 'watcher' | 'verify';

  @Column({ name: 'confirmed_at', type: 'timestamptz' })
  confirmedAt!: Date;

  @Column({ name: 'detected_at', type: 'timestamptz' })
  detectedAt!: Date;
}
