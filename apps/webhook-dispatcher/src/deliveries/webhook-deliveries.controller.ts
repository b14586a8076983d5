import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiParam,
  ApiSecurity,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentIdentity, PartnerAuth } from '@platform/http';
import type { PartnerIdentity } from '@shared/contracts';
import { webhookPartnerId } from '../core/webhook-caller.js';
import { WebhookErrorResponseDto } from '../core/webhook-error.response.dto.js';
import { DeliveryIdParamDto, ListDeliveriesRequestDto } from './list-deliveries.request.dto.js';
import { ListDeliveriesUseCase } from './list-deliveries.use-case.js';
import { RedeliverUseCase } from './redeliver.use-case.js';
import {
  WebhookDeliveryStatsRequestDto,
  WebhookDeliveryStatsResponseDto,
} from './webhook-delivery-stats.dto.js';
import { WebhookDeliveryStatsUseCase } from './webhook-delivery-stats.use-case.js';
import {
  WebhookDeliveryPageResponseDto,
  WebhookDeliveryResponseDto,
  webhookDeliveryResponse,
} from './webhook-delivery.response.dto.js';

const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

@ApiTags('Webhooks')
@ApiSecurity('apiKey')
@ApiBadRequestResponse({ type: WebhookErrorResponseDto })
@ApiUnauthorizedResponse({ type: WebhookErrorResponseDto })
@ApiForbiddenResponse({ type: WebhookErrorResponseDto, description: 'Called with a wallet Bearer token' })
@PartnerAuth()
@Controller('webhooks/deliveries')
export class WebhookDeliveriesController {
  constructor(
    private readonly listDeliveries: ListDeliveriesUseCase,
    private readonly redeliver: RedeliverUseCase,
    private readonly stats: WebhookDeliveryStatsUseCase,
  ) {}

  @Get()
  @ApiOkResponse({ type: WebhookDeliveryPageResponseDto })
  list(@CurrentIdentity() partner: PartnerIdentity, @Query() query: ListDeliveriesRequestDto) {
    return this.listDeliveries.execute(webhookPartnerId(partner), query);
  }

  @Get('stats')
  @ApiOkResponse({
    type: WebhookDeliveryStatsResponseDto,
    description: 'Attempts per day: success and latency',
  })
  dailyStats(
    @CurrentIdentity() partner: PartnerIdentity,
    @Query() query: WebhookDeliveryStatsRequestDto,
  ): Promise<WebhookDeliveryStatsResponseDto> {
    return this.stats.execute(webhookPartnerId(partner), query.days);
  }

  @Post(':id/redeliver')
  @HttpCode(200)
  @ApiParam({ name: 'id', schema: { type: 'string', format: 'uuid', pattern: UUID_PATTERN } })
  @ApiOkResponse({ type: WebhookDeliveryResponseDto, description: 'The delivery after the new attempt' })
  @ApiNotFoundResponse({ type: WebhookErrorResponseDto })
  async redeliverOne(
    @CurrentIdentity() partner: PartnerIdentity,
    @Param() params: DeliveryIdParamDto,
  ): Promise<WebhookDeliveryResponseDto> {
    return webhookDeliveryResponse(await this.redeliver.execute(webhookPartnerId(partner), params.id));
  }
}
