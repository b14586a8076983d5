import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiSecurity,
  ApiTags,
} from '@nestjs/swagger';
import { OpsAuth } from '@platform/http';
import { GatewayErrorResponseDto } from '../gateway-error.response.dto.js';
import { CreateApiKeyUseCase } from './create-api-key.use-case.js';
import { CreatePartnerUseCase } from './create-partner.use-case.js';
import { CreatePartnerRequestDto } from './create-partner.request.dto.js';
import {
  ApiKeyListResponseDto,
  CreatedPartnerResponseDto,
  IssuedApiKeyResponseDto,
} from './ops-partners.response.dto.js';
import { PartnersRepository } from './partners.repository.js';
import { RevokeApiKeyUseCase } from './revoke-api-key.use-case.js';
import { apiKeyListOf } from './api-key-list.js';

// Operator administration of partners and their keys (the operator CLI calls these).
@ApiTags('Operations')
@ApiSecurity('opsKey')
@OpsAuth()
@Controller('ops/partners')
export class OpsPartnersController {
  constructor(
    private readonly createPartner: CreatePartnerUseCase,
    private readonly createApiKey: CreateApiKeyUseCase,
    private readonly revokeApiKey: RevokeApiKeyUseCase,
    private readonly partners: PartnersRepository,
  ) {}

  @Post()
  @ApiCreatedResponse({ type: CreatedPartnerResponseDto, description: 'The partner and its first key' })
  create(@Body() body: CreatePartnerRequestDto) {
    return this.createPartner.execute(body.name);
  }

  @Post(':partnerId/keys')
  @ApiCreatedResponse({ type: IssuedApiKeyResponseDto })
  @ApiNotFoundResponse({ type: GatewayErrorResponseDto, description: '`partner_not_found`' })
  createKey(@Param('partnerId', ParseUUIDPipe) partnerId: string) {
    return this.createApiKey.execute(partnerId);
  }

  @Get(':partnerId/keys')
  @ApiOkResponse({ type: ApiKeyListResponseDto, description: 'Empty for an unknown partner' })
  async listKeys(@Param('partnerId', ParseUUIDPipe) partnerId: string): Promise<ApiKeyListResponseDto> {
    return apiKeyListOf(await this.partners.listKeys(partnerId));
  }

  @Delete(':partnerId/keys/:keyId')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Revoked' })
  @ApiNotFoundResponse({ type: GatewayErrorResponseDto, description: '`api_key_not_found`' })
  async revokeKey(
    @Param('partnerId', ParseUUIDPipe) partnerId: string,
    @Param('keyId', ParseUUIDPipe) keyId: string,
  ): Promise<void> {
    await this.revokeApiKey.execute(partnerId, keyId);
  }
}
