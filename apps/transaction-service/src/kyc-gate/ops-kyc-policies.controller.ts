import { Body, Controller, Get, Param, ParseUUIDPipe, Put } from '@nestjs/common';
import { ApiOkResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { OpsAuth } from '@platform/http';
import { KycPolicyResponseDto } from '../transactions/ops.response.dto.js';
import { KycPoliciesRepository, type KycPolicy } from './kyc-policies.repository.js';
import { SetKycPolicyRequestDto } from './set-kyc-policy.request.dto.js';

// Operators set a partner's KYC policy (npm run cli -- kyc-policy set …).
@ApiTags('Operations')
@ApiSecurity('opsKey')
@OpsAuth()
@Controller('ops/kyc-policies')
export class OpsKycPoliciesController {
  constructor(private readonly policies: KycPoliciesRepository) {}

  @Get(':partnerId')
  @ApiOkResponse({ type: KycPolicyResponseDto })
  get(@Param('partnerId', ParseUUIDPipe) partnerId: string): Promise<KycPolicy> {
    return this.policies.of(partnerId);
  }

  @Put(':partnerId')
  @ApiOkResponse({ type: KycPolicyResponseDto })
  set(
    @Param('partnerId', ParseUUIDPipe) partnerId: string,
    @Body() body: SetKycPolicyRequestDto,
  ): Promise<KycPolicy> {
    return this.policies.set(partnerId, body);
  }
}
