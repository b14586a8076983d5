import { Body, Controller, Get, Param, ParseUUIDPipe, Put } from '@nestjs/common';
import { ApiSecurity, ApiTags } from '@nestjs/swagger';
import { OpsAuth } from '@platform/http';
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
  get(@Param('partnerId', ParseUUIDPipe) partnerId: string): Promise<KycPolicy> {
    return this.policies.of(partnerId);
  }

  @Put(':partnerId')
  set(
    @Param('partnerId', ParseUUIDPipe) partnerId: string,
    @Body() body: SetKycPolicyRequestDto,
  ): Promise<KycPolicy> {
    return this.policies.set(partnerId, body);
  }
}
