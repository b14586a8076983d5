import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { WalletProofColumns } from './wallet-proof.columns.js';

// A nonce a wallet must sign to prove it controls an address. Single use: `consumed_at` is set
// by the one verification that succeeds.
@Entity({ name: 'wallet_challenge' })
@Index('wallet_challenge_expires_idx', ['expiresAt'])
export class WalletChallengeEntity extends WalletProofColumns {
  // Also the challengeToken given to the client.
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 64 })
  nonce!: string;

  // The exact text to sign, kept so that a config change cannot alter a pending challenge.
  @Column({ type: 'text' })
  message!: string;
}
