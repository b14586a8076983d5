import { Body, Controller, Get, HttpCode, Post, Put, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiSecurity,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentIdentity, PartnerAuth } from '@platform/http';
import { Clock } from '@shared/util';
import { SendTestWebhookUseCase } from '../deliveries/send-test-webhook.use-case.js';
import {
  WebhookDeliveryResponseDto,
  webhookDeliveryResponse,
} from '../deliveries/webhook-delivery.response.dto.js';
import type { PartnerIdentity } from '@shared/contracts';
import { webhookPartnerId } from '../core/webhook-caller.js';
import { WebhookErrorResponseDto } from '../core/webhook-error.response.dto.js';
import { GetWebhookEndpointUseCase } from './get-webhook-endpoint.use-case.js';
import { PutWebhookEndpointRequestDto } from './put-webhook-endpoint.request.dto.js';
import { PutWebhookEndpointUseCase } from './put-webhook-endpoint.use-case.js';
import { WebhookEndpointResponseDto, webhookEndpointResponse } from './webhook-endpoint.response.dto.js';

@ApiTags('Webhooks')
@ApiSecurity('apiKey')
@ApiUnauthorizedResponse({ type: WebhookErrorResponseDto })
@ApiForbiddenResponse({ type: WebhookErrorResponseDto, description: 'Called with a wallet Bearer token' })
@PartnerAuth()
@Controller('webhooks/endpoint')
export class WebhookEndpointController {
  constructor(
    private readonly putEndpoint: PutWebhookEndpointUseCase,
    private readonly getEndpoint: GetWebhookEndpointUseCase,
    private readonly sendTest: SendTestWebhookUseCase,
    private readonly clock: Clock,
  ) {}

  @Put()
  @ApiCreatedResponse({
    type: WebhookEndpointResponseDto,
    description: 'Registered; the secret is shown once',
  })
  @ApiOkResponse({ type: WebhookEndpointResponseDto, description: 'Changed; the secret only when rotated' })
  @ApiBadRequestResponse({ type: WebhookErrorResponseDto })
  async put(
    @CurrentIdentity() partner: PartnerIdentity,
    @Body() body: PutWebhookEndpointRequestDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<WebhookEndpointResponseDto> {
    const result = await this.putEndpoint.execute(webhookPartnerId(partner), {
      url: body.url,
      rotateSecret: body.rotate_secret ?? false,
    });
    response.status(result.created ? 201 : 200);
    return webhookEndpointResponse(result.endpoint, this.clock.now(), result.newSecret);
  }

  @Get()
  @ApiOkResponse({ type: WebhookEndpointResponseDto })
  @ApiNotFoundResponse({ type: WebhookErrorResponseDto })
  async get(@CurrentIdentity() partner: PartnerIdentity): Promise<WebhookEndpointResponseDto> {
    return webhookEndpointResponse(
      await this.getEndpoint.execute(webhookPartnerId(partner)),
      this.clock.now(),
    );
  }

  @Post('test')
  @HttpCode(200)
  @ApiOkResponse({
    type: WebhookDeliveryResponseDto,
    description: 'The test delivery after its first attempt',
  })
  @ApiNotFoundResponse({ type: WebhookErrorResponseDto })
  async test(@CurrentIdentity() partner: PartnerIdentity): Promise<WebhookDeliveryResponseDto> {
    return webhookDeliveryResponse(await this.sendTest.execute(webhookPartnerId(partner)));
  }
}
