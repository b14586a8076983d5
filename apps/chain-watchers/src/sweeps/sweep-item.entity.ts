import { Column, Entity, Index, PrimaryColumn, Unique } from 'typeorm';

// What one sweep takes from one deposit address: a token account's balance (Solana) or the
// address's balance of a token (Celo), read when the sweep was planned.
@Entity({ name: 'sweep_item' })
@Unique('sweep_item_once', ['sweepId', 'source', 'asset'])
@Index('sweep_item_transaction', ['transactionId'])
export class SweepItemEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'sweep_id', type: 'uuid' })
  sweepId!: string;

  @Column({ name: 'transaction_id', type: 'uuid' })
  transactionId!: string;

  // The deposit address (Solana owner, Celo address).
  @Column({ type: 'varchar', length: 120 })
  address!: string;

  // Where the tokens leave from: the Solana token account, or the Celo address itself.
  @Column({ type: 'varchar', length: 120 })
  source!: string;

  // Solana mint or Celo token contract.
  @Column({ type: 'varchar', length: 200 })
  asset!: string;

  // Whole tokens, decimal string.
  @Column({ type: 'numeric' })
  amount!: string;
}
