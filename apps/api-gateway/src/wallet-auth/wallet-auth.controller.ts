import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiOkResponse,
  ApiSecurity,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentIdentity, PartnerAuth, Public } from '@platform/http';
import type { PartnerIdentity } from '@shared/contracts';
import { GatewayErrorResponseDto } from '../core/errors/gateway-error.response.dto.js';
import { CreateWalletChallengeUseCase } from './create-wallet-challenge.use-case.js';
import { RefreshWalletSessionUseCase } from './refresh-wallet-session.use-case.js';
import { VerifyWalletChallengeUseCase } from './verify-wallet-challenge.use-case.js';
import { WalletChallengeResponseDto, WalletTokensResponseDto } from './wallet-auth.response.dto.js';
import { WalletChallengeRequestDto } from './wallet-challenge.request.dto.js';
import { WalletRefreshRequestDto } from './wallet-refresh.request.dto.js';
import { WalletVerifyRequestDto } from './wallet-verify.request.dto.js';

@ApiTags('Wallet authentication')
@ApiBadRequestResponse({ type: GatewayErrorResponseDto, description: 'invalid_request with a reason' })
@ApiUnauthorizedResponse({
  type: GatewayErrorResponseDto,
  description: 'authentication_failed with a reason',
})
@Controller('walletAuth')
export class WalletAuthController {
  constructor(
    private readonly createChallenge: CreateWalletChallengeUseCase,
    private readonly verifyChallenge: VerifyWalletChallengeUseCase,
    private readonly refreshSession: RefreshWalletSessionUseCase,
  ) {}

  // PartnerIdentity-authenticated, so that every wallet session belongs to a partner.
  @PartnerAuth()
  @ApiSecurity('apiKey')
  @ApiOkResponse({ type: WalletChallengeResponseDto })
  @Post('challenge')
  @HttpCode(200)
  challenge(@CurrentIdentity() partner: PartnerIdentity, @Body() body: WalletChallengeRequestDto) {
    return this.createChallenge.execute(partner.partnerId, body);
  }

  // Public: the signature over the partner's challenge is the proof.
  @Public()
  @ApiOkResponse({ type: WalletTokensResponseDto })
  @Post('verify')
  @HttpCode(200)
  verify(@Body() body: WalletVerifyRequestDto) {
    return this.verifyChallenge.execute(body);
  }

  // Public: the refresh token is the proof.
  @Public()
  @ApiOkResponse({ type: WalletTokensResponseDto })
  @Post('refresh')
  @HttpCode(200)
  refresh(@Body() body: WalletRefreshRequestDto) {
    return this.refreshSession.execute(body.token);
  }
}
