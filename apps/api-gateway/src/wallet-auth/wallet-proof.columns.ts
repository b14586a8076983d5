import { Column } from 'typeorm';
import type { ChainFamily } from '@payout/rails';

// The columns both single-use proofs of a wallet sign-in carry (its challenge, its refresh
// tokens): whose wallet on which chain for which partner, and when the proof was made, runs out
// and was used.
export abstract class WalletProofColumns {
  @Column({ name: 'partner_id', type: 'uuid' })
  partnerId!: string;

  @Column({ type: 'varchar', length: 64 })
  address!: string;

  @Column({ name: 'chain_family', type: 'varchar', length: 16 })
  chainFamily!: ChainFamily;

  @Column({ name: 'chain_id', type: 'varchar', length: 64 })
  chainId!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'consumed_at', type: 'timestamptz', nullable: true })
  consumedAt!: Date | null;
}
