import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { WalletProofColumns } from './wallet-proof.columns.js';

// One issued refresh token. Refreshing consumes it and issues the next one of the same session;
// presenting a consumed one again ends the whole session (the token was copied).
@Entity({ name: 'wallet_refresh_token' })
@Index('wallet_refresh_token_session_idx', ['sessionId'])
@Index('wallet_refresh_token_expires_idx', ['expiresAt'])
export class WalletRefreshTokenEntity extends WalletProofColumns {
  // SHA-256 (hex) of the token's jti: the table alone lets nobody refresh.
  @PrimaryColumn({ name: 'jti_hash', type: 'char', length: 64 })
  jtiHash!: string;

  // Shared by every token a sign-in leads to through refreshes.
  @Column({ name: 'session_id', type: 'uuid' })
  sessionId!: string;
}
