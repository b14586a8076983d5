import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { PresentsErrors } from '../core/errors/presents-errors.js';
import { presentWalletAuthError } from './wallet-auth-error.presenter.js';
import { WalletChallengeEntity } from './wallet-challenge.entity.js';
import { WalletRefreshTokenEntity } from './wallet-refresh-token.entity.js';
import { CreateWalletChallengeUseCase } from './create-wallet-challenge.use-case.js';
import { RefreshWalletSessionUseCase } from './refresh-wallet-session.use-case.js';
import { VerifyWalletChallengeUseCase } from './verify-wallet-challenge.use-case.js';
import { WalletAuthController } from './wallet-auth.controller.js';
import { WalletAuthRepository } from './wallet-auth.repository.js';
import { WalletSessionIssuer } from './wallet-session.issuer.js';
import { WalletSignatureVerifiers } from './wallet-signature.verifiers.js';
import { WalletTokenService } from './wallet-token.service.js';

// Wallet sign-in (/walletAuth/*); exports the token service the gateway's Bearer check uses.
@OwnsTables({ entities: [WalletChallengeEntity, WalletRefreshTokenEntity] })
@PresentsErrors(presentWalletAuthError)
@Module({
  controllers: [WalletAuthController],
  providers: [
    WalletAuthRepository,
    WalletSignatureVerifiers,
    WalletTokenService,
    WalletSessionIssuer,
    CreateWalletChallengeUseCase,
    VerifyWalletChallengeUseCase,
    RefreshWalletSessionUseCase,
  ],
  exports: [WalletTokenService],
})
export class WalletAuthModule {}
