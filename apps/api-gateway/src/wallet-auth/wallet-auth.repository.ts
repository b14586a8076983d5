import { Injectable } from '@nestjs/common';
import { DataSource, IsNull, LessThan, MoreThan } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import { WalletChallengeEntity } from './wallet-challenge.entity.js';
import { WalletRefreshTokenEntity } from './wallet-refresh-token.entity.js';

// Challenges and refresh tokens are found by their unguessable token, which was handed to one
// partner only; every change afterwards is scoped by that partner.
@Injectable()
export class WalletAuthRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insertChallenge(challenge: WalletChallengeEntity): Promise<void> {
    await this.dataSource.getRepository(WalletChallengeEntity).insert(challenge);
  }

  findChallenge(challengeId: string): Promise<WalletChallengeEntity | null> {
    return this.dataSource.getRepository(WalletChallengeEntity).findOneBy({ id: challengeId });
  }

  // Atomic: of two verifications racing on one challenge, exactly one gets true.
  async consumeChallenge(
    unit: UnitOfWork,
    partnerId: string,
    challengeId: string,
    at: Date,
  ): Promise<boolean> {
    const manager = entityManagerOf(unit);
    const result = await manager.update(
      WalletChallengeEntity,
      { id: challengeId, partnerId, consumedAt: IsNull(), expiresAt: MoreThan(at) },
      { consumedAt: at },
    );
    return (result.affected ?? 0) === 1;
  }

  async insertRefreshToken(unit: UnitOfWork, token: WalletRefreshTokenEntity): Promise<void> {
    const manager = entityManagerOf(unit);
    await manager.insert(WalletRefreshTokenEntity, token);
  }

  findRefreshToken(partnerId: string, jtiHash: string): Promise<WalletRefreshTokenEntity | null> {
    return this.dataSource.getRepository(WalletRefreshTokenEntity).findOneBy({ jtiHash, partnerId });
  }

  // Atomic like consumeChallenge: a refresh token rotates once.
  async consumeRefreshToken(
    unit: UnitOfWork,
    partnerId: string,
    jtiHash: string,
    at: Date,
  ): Promise<boolean> {
    const manager = entityManagerOf(unit);
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
