import { Module } from '@nestjs/common';
import { DeliveriesModule } from '../deliveries/deliveries.module.js';
import { EndpointRegistryModule } from '../endpoint-registry/endpoint-registry.module.js';
import { OutboundModule } from '../outbound/outbound.module.js';
import { GetWebhookEndpointUseCase } from './get-webhook-endpoint.use-case.js';
import { PutWebhookEndpointUseCase } from './put-webhook-endpoint.use-case.js';
import { WebhookEndpointController } from './webhook-endpoint.controller.js';

// A partner's endpoint routes (/webhooks/endpoint): register or change it, read it, and send it a
// test event (a delivery like any other, hence above deliveries).
@Module({
  imports: [EndpointRegistryModule, OutboundModule, DeliveriesModule],
  controllers: [WebhookEndpointController],
  providers: [PutWebhookEndpointUseCase, GetWebhookEndpointUseCase],
})
export class EndpointsModule {}
