import {
  Controller,
  Body,
  Delete,
  ForbiddenException,
  Get,
  Param,
  ParseUUIDPipe,
  Post,
  Query,
} from '@nestjs/common';
import { ApiForbiddenResponse, ApiOkResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { CurrentIdentity, PartnerAuth } from '@platform/http';
import type { PartnerIdentity } from '@shared/contracts';
import { GatewayErrorResponseDto } from '../core/errors/gateway-error.response.dto.js';
import { ApiKeyListQuery } from './api-key-list.query.js';
import { CreateApiKeyRequestDto } from './create-api-key.request.dto.js';
import { CreateApiKeyUseCase } from './create-api-key.use-case.js';
import { IssueKeyRoute } from './issue-key.route.js';
import { ListPageRequestDto } from './list-page.request.dto.js';
import { ApiKeyListResponseDto } from './ops-partners.response.dto.js';
import { RevokeApiKeyUseCase } from './revoke-api-key.use-case.js';
import { RevokeKeyRoute } from './revoke-key.route.js';
import { UuidParam } from './uuid-param.js';

// Who the audit log names when a partner manages its own keys.
const PARTNER_ACTOR = 'partner';

// Keys belong to the partner's server: a wallet's Bearer token may not see or mint them.
function keyHolderOf(identity: PartnerIdentity): string {
  if (identity.scheme !== 'api_key') throw new ForbiddenException('API keys are managed with an API key');
  return identity.partnerId;
}

// A partner's own keys (the web console's API keys view): rotate by creating a new key, moving
// to it, then revoking the old one.
@ApiTags('PartnerIdentity')
@ApiSecurity('apiKey')
@ApiForbiddenResponse({ type: GatewayErrorResponseDto, description: 'Called with a wallet token' })
@PartnerAuth()
@Controller('partner/keys')
export class PartnerKeysController {
  constructor(
    private readonly createApiKey: CreateApiKeyUseCase,
    private readonly revokeApiKey: RevokeApiKeyUseCase,
    private readonly keyList: ApiKeyListQuery,
  ) {}

  @Get()
  @ApiOkResponse({ type: ApiKeyListResponseDto, description: 'A page of its keys, newest first' })
  async list(
    @CurrentIdentity() identity: PartnerIdentity,
    @Query() query: ListPageRequestDto,
  ): Promise<ApiKeyListResponseDto> {
    return this.keyList.page(keyHolderOf(identity), query);
  }

  // Up to the partner's key quota (API_KEY_QUOTA_DEFAULT unless an operator set its own).
  @Post()
  @IssueKeyRoute()
  create(@CurrentIdentity() identity: PartnerIdentity, @Body() body: CreateApiKeyRequestDto) {
    return this.createApiKey.execute(PARTNER_ACTOR, keyHolderOf(identity), body.name ?? null);
  }

  @Delete(':keyId')
  @UuidParam('keyId')
  @RevokeKeyRoute("`api_key_not_found`: not this partner's key")
  async revoke(
    @CurrentIdentity() identity: PartnerIdentity,
    @Param('keyId', ParseUUIDPipe) keyId: string,
  ): Promise<void> {
    await this.revokeApiKey.execute(PARTNER_ACTOR, keyHolderOf(identity), keyId);
  }
}
