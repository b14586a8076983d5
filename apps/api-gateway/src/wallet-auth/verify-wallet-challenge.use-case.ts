import { Injectable } from '@nestjs/common';
import { TransactionRunner } from '@platform/database';
import { Clock, IdGenerator } from '@shared/util';
import { WalletAuthError, WalletAuthErrorCode } from './wallet-auth.errors.js';
import { WalletAuthRepository } from './wallet-auth.repository.js';
import type { WalletChallengeEntity } from './wallet-challenge.entity.js';
import { normaliseAddress } from './wallet-chain.resolver.js';
import { WalletSessionIssuer, type WalletTokens } from './wallet-session.issuer.js';
import { WalletSignatureVerifiers } from './wallet-signature.verifiers.js';

export interface WalletProof {
  readonly challengeToken: string;
  readonly address: string;
  readonly signature: string;
  readonly chainId?: string | undefined;
}

// Signs a wallet in: the challenge must be this partner's pending, unexpired one for this
// address, and the signature the address's own over its message. A failed attempt leaves the
// challenge usable (signatures cannot be guessed); the successful one consumes it.
@Injectable()
export class VerifyWalletChallengeUseCase {
  constructor(
    private readonly repository: WalletAuthRepository,
    private readonly transactions: TransactionRunner,
    private readonly verifiers: WalletSignatureVerifiers,
    private readonly sessions: WalletSessionIssuer,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async execute(proof: WalletProof): Promise<WalletTokens> {
    const now = this.clock.now();
    const challenge = await this.repository.findChallenge(proof.challengeToken);
    this.checkPending(challenge, now);
    this.checkSameWallet(challenge, proof);
    this.checkSignature(challenge, proof.signature);
    return this.transactions.run(async (unit) => {
      if (!(await this.repository.consumeChallenge(unit, challenge.partnerId, challenge.id, now))) {
        // Another verification of the same challenge won the race.
        throw new WalletAuthError(WalletAuthErrorCode.CHALLENGE_USED, 'Challenge already used');
      }
      return this.sessions.issue(unit, challenge, this.ids.uuid(), now);
    });
  }

  private checkPending(
    challenge: WalletChallengeEntity | null,
    now: Date,
  ): asserts challenge is WalletChallengeEntity {
    if (!challenge) throw new WalletAuthError(WalletAuthErrorCode.UNKNOWN_CHALLENGE, 'Unknown challenge');
    if (challenge.consumedAt) {
      throw new WalletAuthError(WalletAuthErrorCode.CHALLENGE_USED, 'Challenge already used');
    }
    if (challenge.expiresAt.getTime() <= now.getTime()) {
      throw new WalletAuthError(WalletAuthErrorCode.CHALLENGE_EXPIRED, 'Challenge expired');
    }
  }

  private checkSameWallet(challenge: WalletChallengeEntity, proof: WalletProof): void {
    if (normaliseAddress(challenge.chainFamily, proof.address) !== challenge.address) {
      throw new WalletAuthError(
        WalletAuthErrorCode.CHALLENGE_MISMATCH,
        'Challenge was issued for another address',
      );
    }
    if (proof.chainId !== undefined && proof.chainId !== challenge.chainId) {
      throw new WalletAuthError(
        WalletAuthErrorCode.CHALLENGE_MISMATCH,
        `Challenge was issued for chain ${challenge.chainId}`,
      );
    }
  }

  private checkSignature(challenge: WalletChallengeEntity, signature: string): void {
    const verifier = this.verifiers.for(challenge.chainFamily);
    switch (verifier.verify(challenge.address, challenge.message, signature)) {
      case 'valid':
        return;
      case 'malformed':
        throw new WalletAuthError(
          WalletAuthErrorCode.MALFORMED_SIGNATURE,
          `signature must be ${verifier.expectedEncoding}`,
        );
      case 'invalid':
        throw new WalletAuthError(WalletAuthErrorCode.INVALID_SIGNATURE, 'Invalid signature');
    }
  }
}
