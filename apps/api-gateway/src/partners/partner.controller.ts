import { Controller, Get, NotFoundException } from '@nestjs/common';
import { ApiBearerAuth, ApiNotFoundResponse, ApiOkResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { CurrentIdentity, PartnerAuth } from '@platform/http';
import type { PartnerIdentity } from '@shared/contracts';
import { GatewayErrorResponseDto } from '../core/errors/gateway-error.response.dto.js';
import { PartnerResponseDto } from './partner.response.dto.js';
import { PartnersRepository } from './partners.repository.js';

@ApiTags('Partner')
@ApiSecurity('apiKey')
@ApiBearerAuth('bearer')
@Controller('partner')
export class PartnerController {
  constructor(private readonly partners: PartnersRepository) {}

  // Who am I: lets an integrator check a key or a wallet token before doing anything else.
  @PartnerAuth()
  @Get()
  @ApiOkResponse({ type: PartnerResponseDto })
  @ApiNotFoundResponse({
    type: GatewayErrorResponseDto,
    description: 'The partner of a still-valid wallet token no longer exists',
  })
  async current(@CurrentIdentity() identity: PartnerIdentity): Promise<PartnerResponseDto> {
    const partner = await this.partners.findPartner(identity.partnerId);
    if (!partner) throw new NotFoundException();
    return { id: partner.id, name: partner.name };
  }
}
