import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { ChainFamily } from '@shared/contracts';

// A nonce a wallet must sign to prove it controls an address. Single use: `consumed_at` is set
// by the one verification that succeeds.
@Entity({ name: 'wallet_challenge' })
@Index('wallet_challenge_expires_idx', ['expiresAt'])
export class WalletChallengeEntity {
  // Also the challengeToken given to the client.
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'partner_id', type: 'uuid' })
  partnerId!: string;

  @Column({ type: 'varchar', length: 64 })
  address!: string;

  @Column({ name: 'chain_family', type: 'varchar', length: 16 })
  chainFamily!: ChainFamily;

  @Column({ name: 'chain_id', type: 'varchar', length: 64 })
  chainId!: string;

  @Column({ type: 'varchar', length: 64 })
  nonce!: string;

  // The exact text to sign, kept so that a config change cannot alter a pending challenge.
  @Column({ type: 'text' })
  message!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'consumed_at', type: 'timestamptz', nullable: true })
  consumedAt!: Date | null;
}
