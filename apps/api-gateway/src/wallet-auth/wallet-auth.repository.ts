import { Injectable } from '@nestjs/common';
import { DataSource, IsNull, LessThan, MoreThan, type EntityManager } from 'typeorm';
import { WalletChallengeEntity } from './wallet-challenge.entity.js';
import { WalletRefreshTokenEntity } from './wallet-refresh-token.entity.js';

// Challenges and refresh tokens are found by their unguessable token, which was handed to one
// partner only; every change afterwards is scoped by that partner.
@Injectable()
export class WalletAuthRepository {
  constructor(private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async insertChallenge(challenge: WalletChallengeEntity): Promise<void> {
    await this.dataSource.getRepository(WalletChallengeEntity).insert(challenge);
  }

  findChallenge(challengeId: string): Promise<WalletChallengeEntity | null> {
    return this.dataSource.getRepository(WalletChallengeEntity).findOneBy({ id: challengeId });
  }

  // Atomic: of two verifications racing on one challenge, exactly one gets true.
  async consumeChallenge(
    manager: EntityManager,
    partnerId: string,
    challengeId: string,
    at: Date,
  ): Promise<boolean> {
    const result = await manager.update(
      WalletChallengeEntity,
      { id: challengeId, partnerId, consumedAt: IsNull(), expiresAt: MoreThan(at) },
      { consumedAt: at },
    );
    return (result.affected ?? 0) === 1;
  }

  async insertRefreshToken(manager: EntityManager, token: WalletRefreshTokenEntity): Promise<void> {
    await manager.insert(WalletRefreshTokenEntity, token);
  }

  findRefreshToken(partnerId: string, jtiHash: string): Promise<WalletRefreshTokenEntity | null> {
    return this.dataSource.getRepository(WalletRefreshTokenEntity).findOneBy({ jtiHash, partnerId });
  }

  // Atomic like consumeChallenge: a refresh token rotates once.
  async consumeRefreshToken(
    manager: EntityManager,
    partnerId: string,
    jtiHash: string,
    at: Date,
  ): Promise<boolean> {
    const result = await manager.update(
      WalletRefreshTokenEntity,
      { jtiHash, partnerId, consumedAt: IsNull(), expiresAt: MoreThan(at) },
      { consumedAt: at },
    );
    return (result.affected ?? 0) === 1;
  }

  async endSession(partnerId: string, sessionId: string, at: Date): Promise<void> {
    await this.dataSource
      .getRepository(WalletRefreshTokenEntity)
      .update({ sessionId, partnerId, consumedAt: IsNull() }, { consumedAt: at });
  }

  async purgeExpiredBefore(before: Date): Promise<void> {
    await this.dataSource.getRepository(WalletChallengeEntity).delete({ expiresAt: LessThan(before) });
    await this.dataSource.getRepository(WalletRefreshTokenEntity).delete({ expiresAt: LessThan(before) });
  }
}
