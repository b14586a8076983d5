import { Body, Controller, Get, Headers, Param, ParseUUIDPipe, Put, Query } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { decimal } from '@payout/money';
import { OpsAuth } from '@platform/http';
import { actorOf } from '@shared/util';
import { ListPartnerSettingAuditRequestDto } from '../core/http/partner-setting-audit.dto.js';
import { KycPolicyResponseDto } from './kyc-policy.response.dto.js';
import { KycPoliciesRepository, type KycPolicy } from './kyc-policies.repository.js';
import { KycPolicyAuditResponseDto } from './kyc-policy-audit.dto.js';
import { SetKycPolicyRequestDto } from './set-kyc-policy.request.dto.js';

// Operators set a partner's KYC policy (npm run cli -- kyc-policy set …, or the web console);
// each one set is recorded in the KYC policy audit log under the X-Operator header (else "ops").
@ApiTags('Operations')
@ApiSecurity('opsKey')
@OpsAuth()
@Controller('ops/kyc-policies')
export class OpsKycPoliciesController {
  constructor(private readonly policies: KycPoliciesRepository) {}

  // Declared before `:partnerId` so "audit" is never read as a partner id.
  @Get('audit')
  @ApiOkResponse({ type: KycPolicyAuditResponseDto, description: 'Policies set, newest first' })
  async audit(
    @Query() { page, pageSize }: ListPartnerSettingAuditRequestDto,
  ): Promise<KycPolicyAuditResponseDto> {
    const [entries, total] = await this.policies.auditPage(page, pageSize);
    return {
      page,
      pageSize,
      total,
      entries: entries.map(({ occurredAt, thresholdAmount, ...entry }) => ({
        ...entry,
        // The column's scale pads with zeros; shown as the operator typed it.
        thresholdAmount: thresholdAmount === null ? null : decimal(thresholdAmount).toFixed(),
        occurredAt: occurredAt.toISOString(),
      })),
    };
  }

  @Get(':partnerId')
  @ApiOkResponse({ type: KycPolicyResponseDto })
  get(@Param('partnerId', ParseUUIDPipe) partnerId: string): Promise<KycPolicy> {
    return this.policies.of(partnerId);
  }

  @Put(':partnerId')
  @ApiHeader({ name: 'X-Operator', required: false, description: 'Who makes the change (audit log)' })
  @ApiOkResponse({ type: KycPolicyResponseDto })
  set(
    @Headers('x-operator') operator: string | undefined,
    @Param('partnerId', ParseUUIDPipe) partnerId: string,
    @Body() body: SetKycPolicyRequestDto,
  ): Promise<KycPolicy> {
    return this.policies.set(actorOf(operator), partnerId, body);
  }
}
