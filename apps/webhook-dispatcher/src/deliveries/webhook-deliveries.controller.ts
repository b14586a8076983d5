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
import { GetDeliveryUseCase } from './get-delivery.use-case.js';
import { RedeliverUseCase } from './redeliver.use-case.js';
import { WebhookDeliveryDetailResponseDto } from './webhook-delivery-detail.response.dto.js';
import {
  WebhookDeliveryStatsRequestDto,
  WebhookDeliveryStatsResponseDto,
} from './webhook-delivery-stats.dto.js';
import { WebhookDeliveryStatsUseCase } from './webhook-delivery-stats.use-case.js';
import {
  RedeliveryResponseDto,
  WebhookDeliveryPageResponseDto,
  webhookDeliveryResponse,
} from './webhook-delivery.response.dto.js';

const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const DELIVERY_ID = {
  name: 'id',
  schema: { type: 'string', format: 'uuid', pattern: UUID_PATTERN },
} as const;

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
    private readonly getDelivery: GetDeliveryUseCase,
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

  // Declared after `stats`, which would otherwise be read as an id.
  @Get(':id')
  @ApiParam(DELIVERY_ID)
  @ApiOkResponse({
    type: WebhookDeliveryDetailResponseDto,
    description: 'The delivery with its body and attempts (headers sent, response code and excerpt, timing)',
  })
  @ApiNotFoundResponse({ type: WebhookErrorResponseDto })
  detail(
    @CurrentIdentity() partner: PartnerIdentity,
    @Param() params: DeliveryIdParamDto,
  ): Promise<WebhookDeliveryDetailResponseDto> {
    return this.getDelivery.execute(webhookPartnerId(partner), params.id);
  }

  @Post(':id/redeliver')
  @HttpCode(200)
  @ApiParam(DELIVERY_ID)
  @ApiOkResponse({
    type: RedeliveryResponseDto,
    description: 'The delivery after the request, and what it did',
  })
  @ApiNotFoundResponse({ type: WebhookErrorResponseDto })
  async redeliverOne(
    @CurrentIdentity() partner: PartnerIdentity,
    @Param() params: DeliveryIdParamDto,
  ): Promise<RedeliveryResponseDto> {
    const { outcome, delivery } = await this.redeliver.execute(webhookPartnerId(partner), params.id);
    return { ...webhookDeliveryResponse(delivery), redelivery: outcome };
  }
}
