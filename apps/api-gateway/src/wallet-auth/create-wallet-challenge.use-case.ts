import { Injectable } from '@nestjs/common';
import type { ChainFamily } from '@payout/rails';
import { Clock, IdGenerator } from '@shared/util';
import { WalletAuthConfig } from './wallet-auth.config.js';
import { WalletAuthRepository } from './wallet-auth.repository.js';
import { walletChallengeMessage } from './wallet-challenge.message.js';
import { resolveWalletChain, type WalletChainRequest } from './wallet-chain.resolver.js';

export interface IssuedWalletChallenge {
  readonly challengeToken: string;
  // The message is signed as UTF-8 text (the reference's other format, a Stellar XDR, is not used).
  readonly format: 'utf8';
  readonly message: string;
  readonly nonce: string;
  readonly address: string;
  readonly chainFamily: ChainFamily;
  readonly chainId: string;
  readonly expiresAt: string;
}

// Challenges are useless once expired; kept a while so a late verification still hears
// "expired" rather than "unknown".
const EXPIRED_RETENTION_MS = 60 * 60 * 1000;

@Injectable()
export class CreateWalletChallengeUseCase {
  constructor(
    private readonly repository: WalletAuthRepository,
    private readonly config: WalletAuthConfig,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async execute(partnerId: string, request: WalletChainRequest): Promise<IssuedWalletChallenge> {
    const wallet = resolveWalletChain(request);
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + this.config.WALLET_CHALLENGE_TTL_MS);
    // A v4 UUID without dashes: 122 random bits, alphanumeric so every wallet displays it as is.
    const nonce = this.ids.uuid().replaceAll('-', '');
    const message = walletChallengeMessage({
      domain: this.config.WALLET_AUTH_DOMAIN,
      ...wallet,
      nonce,
      issuedAt: now,
      expiresAt,
    });
    const challengeToken = this.ids.uuid();
    await this.repository.insertChallenge({
      id: challengeToken,
      partnerId,
      ...wallet,
      nonce,
      message,
      createdAt: now,
      expiresAt,
      consumedAt: null,
    });
    // Housekeeping rides on the only route that adds rows (an indexed delete), so no timer is needed.
    await this.repository.purgeExpiredBefore(new Date(now.getTime() - EXPIRED_RETENTION_MS));
    return {
      challengeToken,
      format: 'utf8',
      message,
      nonce,
      ...wallet,
      expiresAt: expiresAt.toISOString(),
    };
  }
}
