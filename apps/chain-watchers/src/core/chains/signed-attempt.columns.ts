import { Column } from 'typeorm';
import type { SignedChainTransaction } from './signed-chain-transaction.js';

// The columns every signed transaction recorded before its broadcast has (a refund's attempt, a
// sweep's): payload and hash, what bounds its life (Solana block height, EVM nonce), and where it
// stands. PENDING while its outcome is unknown (looked up by hash, rebroadcast while it can still
// land); a new one is signed only once it can never land (EXPIRED).
export abstract class SignedAttemptColumns implements SignedChainTransaction {
  @Column({ name: 'signed_payload', type: 'text' })
  signedPayload!: string;

  @Column({ name: 'tx_hash', type: 'varchar', length: 128 })
  txHash!: string;

  @Column({ name: 'last_valid_block_height', type: 'bigint', nullable: true })
  lastValidBlockHeight!: string | null;

  @Column({ type: 'bigint', nullable: true })
  nonce!: string | null;

  @Column({ type: 'varchar', length: 12 })
  state!: 'PENDING' | 'LANDED' | 'FAILED' | 'EXPIRED';

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
