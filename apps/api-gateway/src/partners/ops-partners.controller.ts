import {
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  Param,
  ParseUUIDPipe,
  Post,
  Put,
  Query,
} from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiSecurity,
  ApiTags,
} from '@nestjs/swagger';
import { OpsAuth } from '@platform/http';
import { actorOf } from '@shared/util';
import { GatewayErrorResponseDto } from '../core/errors/gateway-error.response.dto.js';
import { ApiKeyListQuery } from './api-key-list.query.js';
import { CreateApiKeyRequestDto } from './create-api-key.request.dto.js';
import { CreateApiKeyUseCase } from './create-api-key.use-case.js';
import { CreatePartnerRequestDto } from './create-partner.request.dto.js';
import { CreatePartnerUseCase } from './create-partner.use-case.js';
import { IssueKeyRoute } from './issue-key.route.js';
import { ListPageRequestDto } from './list-page.request.dto.js';
import {
  ApiKeyListResponseDto,
  CreatedPartnerResponseDto,
  PartnerAuditResponseDto,
  PartnerListResponseDto,
  PartnerSummaryDto,
} from './ops-partners.response.dto.js';
import { PartnerError, PartnerErrorCode } from './partners.errors.js';
import { PartnerAuditsRepository } from './partner-audits.repository.js';
import { PartnerListQuery } from './partner-list.query.js';
import { PartnerListRequestDto } from './partner-list.request.dto.js';
import { RevokeApiKeyUseCase } from './revoke-api-key.use-case.js';
import { RevokeKeyRoute } from './revoke-key.route.js';
import { SetKeyQuotaRequestDto } from './set-key-quota.request.dto.js';
import { SetKeyQuotaUseCase } from './set-key-quota.use-case.js';
import { UuidParam } from './uuid-param.js';

const OPERATOR = 'x-operator';

// Operator administration of partners and their keys (the operator CLI and the web console call
// these). Every change is recorded in the partner audit log under the operator the X-Operator
// header names (else "ops").
@ApiTags('Operations')
@ApiSecurity('opsKey')
@ApiHeader({ name: 'X-Operator', required: false, description: 'Who makes the change (audit log)' })
@OpsAuth()
@Controller('ops/partners')
export class OpsPartnersController {
  constructor(
    private readonly createPartner: CreatePartnerUseCase,
    private readonly createApiKey: CreateApiKeyUseCase,
    private readonly revokeApiKey: RevokeApiKeyUseCase,
    private readonly setKeyQuota: SetKeyQuotaUseCase,
    private readonly keyList: ApiKeyListQuery,
    private readonly partnerList: PartnerListQuery,
    private readonly audits: PartnerAuditsRepository,
  ) {}

  @Get()
  @ApiOkResponse({ type: PartnerListResponseDto })
  async list(@Query() { page, pageSize, ids }: PartnerListRequestDto): Promise<PartnerListResponseDto> {
    return { page, pageSize, ...(await this.partnerList.page(page, pageSize, ids?.split(','))) };
  }

  @Post()
  @ApiCreatedResponse({ type: CreatedPartnerResponseDto, description: 'The partner and its first key' })
  create(@Headers(OPERATOR) operator: string | undefined, @Body() body: CreatePartnerRequestDto) {
    return this.createPartner.execute(actorOf(operator), body.name);
  }

  // Declared before the `:partnerId` routes so "audit" is never read as a partner id.
  @Get('audit')
  @ApiOkResponse({ type: PartnerAuditResponseDto, description: 'Changes to partners and keys, newest first' })
  async audit(@Query() { page, pageSize }: ListPageRequestDto): Promise<PartnerAuditResponseDto> {
    const [entries, total] = await this.audits.latest(page, pageSize);
    return {
      page,
      pageSize,
      total,
      entries: entries.map(({ occurredAt, ...entry }) => ({
        ...entry,
        occurredAt: occurredAt.toISOString(),
      })),
    };
  }

  @Get(':partnerId')
  @UuidParam('partnerId')
  @ApiOkResponse({ type: PartnerSummaryDto })
  @ApiNotFoundResponse({ type: GatewayErrorResponseDto, description: '`partner_not_found`' })
  async one(@Param('partnerId', ParseUUIDPipe) partnerId: string): Promise<PartnerSummaryDto> {
    const partner = await this.partnerList.one(partnerId);
    if (!partner) throw new PartnerError(PartnerErrorCode.PARTNER_NOT_FOUND);
    return partner;
  }

  // The most unrevoked keys this partner may hold; answers the partner as `GET` then shows it.
  @Put(':partnerId/key-quota')
  @UuidParam('partnerId')
  @ApiOkResponse({ type: PartnerSummaryDto, description: 'The partner with its new key quota' })
  @ApiNotFoundResponse({ type: GatewayErrorResponseDto, description: '`partner_not_found`' })
  async putKeyQuota(
    @Headers(OPERATOR) operator: string | undefined,
    @Param('partnerId', ParseUUIDPipe) partnerId: string,
    @Body() body: SetKeyQuotaRequestDto,
  ): Promise<PartnerSummaryDto> {
    await this.setKeyQuota.execute(actorOf(operator), partnerId, body.maxActiveKeys);
    return this.one(partnerId);
  }

  @Post(':partnerId/keys')
  @UuidParam('partnerId')
  @IssueKeyRoute()
  @ApiNotFoundResponse({ type: GatewayErrorResponseDto, description: '`partner_not_found`' })
  createKey(
    @Headers(OPERATOR) operator: string | undefined,
    @Param('partnerId', ParseUUIDPipe) partnerId: string,
    @Body() body: CreateApiKeyRequestDto,
  ) {
    return this.createApiKey.execute(actorOf(operator), partnerId, body.name ?? null);
  }

  @Get(':partnerId/keys')
  @UuidParam('partnerId')
  @ApiOkResponse({ type: ApiKeyListResponseDto, description: 'Newest first; empty for an unknown partner' })
  async listKeys(
    @Param('partnerId', ParseUUIDPipe) partnerId: string,
    @Query() query: ListPageRequestDto,
  ): Promise<ApiKeyListResponseDto> {
    return this.keyList.page(partnerId, query);
  }

  @Delete(':partnerId/keys/:keyId')
  @UuidParam('partnerId')
  @UuidParam('keyId')
  @RevokeKeyRoute('`api_key_not_found`')
  async revokeKey(
    @Headers(OPERATOR) operator: string | undefined,
    @Param('partnerId', ParseUUIDPipe) partnerId: string,
    @Param('keyId', ParseUUIDPipe) keyId: string,
  ): Promise<void> {
    await this.revokeApiKey.execute(actorOf(operator), partnerId, keyId);
  }
}
