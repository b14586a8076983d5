import { Column, Entity, Index, PrimaryColumn, Unique } from 'typeorm';
import type { Blockchain, CryptoCurrency } from '@shared/contracts';

// REFUNDED: all of it goes back, to the sender of a transfer its transaction no longer waits for,
// or, without a transaction, where an operator sent a held (UNMATCHED) transfer.
export type DepositOutcome = 'FUNDED' | 'WRONG_AMOUNT' | 'EXPIRED' | 'REFUNDED' | 'UNMATCHED';
// OPERATOR: an operator assigned a held transfer to a transaction (POST /ops/deposits/{id}/assign).
export type DepositSource = 'STREAM' | 'NOTIFY' | 'RECONCILE' | 'OPERATOR';

// Every transfer into a deposit address that reached us, matched or not. The unique transfer key
// is what makes one on-chain transfer fund at most one transaction, whichever of the stream,
// notify or reconciliation reports it first.
@Entity({ name: 'deposit' })
@Unique('deposit_transfer', ['blockchain', 'onChainTx', 'transferIndex'])
@Index('deposit_transaction_idx', ['transactionId'])
// Operations list the unmatched ones, newest first (GET /ops/deposits/unmatched).
@Index('deposit_unmatched_idx', ['recordedAt'], { where: '"transaction_id" IS NULL' })
export class DepositEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 12 })
  blockchain!: Blockchain;

  @Column({ name: 'on_chain_tx', type: 'varchar', length: 200 })
  onChainTx!: string;

  @Column({ name: 'transfer_index', type: 'int' })
  transferIndex!: number;

  // Null while unmatched (no or unknown memo, not this transaction's): operations recover it
  // through the reconcile endpoint or assign it, or refund it (it then stays null).
  @Column({ name: 'transaction_id', type: 'uuid', nullable: true })
  transactionId!: string | null;

  @Column({ name: 'crypto_currency', type: 'varchar', length: 12 })
  cryptoCurrency!: CryptoCurrency;

  @Column({ type: 'varchar', length: 200 })
  asset!: string;

  @Column({ name: 'deposit_address', type: 'varchar', length: 120 })
  depositAddress!: string;

  @Column({ type: 'varchar', length: 120 })
  sender!: string;

  // Whole tokens; Stellar has 7 decimals, the others 6.
  @Column({ type: 'numeric', precision: 38, scale: 18 })
  amount!: string;

  @Column({ type: 'varchar', length: 64, nullable: true })
  memo!: string | null;

  @Column({ type: 'varchar', length: 16 })
  outcome!: DepositOutcome;

  // Why an unmatched transfer could not be matched, for operations.
  @Column({ type: 'varchar', length: 300, nullable: true })
  note!: string | null;

  // Who recorded its current outcome (a held transfer matched later: who matched it).
  @Column({ type: 'varchar', length: 12 })
  source!: DepositSource;

  @Column({ name: 'confirmed_at', type: 'timestamptz' })
  confirmedAt!: Date;

  @Column({ name: 'recorded_at', type: 'timestamptz' })
  recordedAt!: Date;
}
