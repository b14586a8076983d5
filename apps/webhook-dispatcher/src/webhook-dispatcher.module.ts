import { Module } from '@nestjs/common';
import { WebhookDispatcherCoreModule } from './core/webhook-dispatcher-core.module.js';
import { DeliveriesModule } from './deliveries/deliveries.module.js';
import { EndpointRegistryModule } from './endpoint-registry/endpoint-registry.module.js';
import { EndpointsModule } from './endpoints/endpoints.module.js';
import { OutboundModule } from './outbound/outbound.module.js';
import { OutgoingWebhooksModule } from './outgoing-webhooks/outgoing-webhooks.module.js';

// webhook-dispatcher: the core, then one module per feature. Adding a feature is its folder and
// one line here; its tables and migrations are found from its module. Endpoints come before
// deliveries: the OpenAPI document lists routes in this order.
@Module({
  imports: [
    WebhookDispatcherCoreModule,
    OutboundModule,
    EndpointRegistryModule,
    EndpointsModule,
    DeliveriesModule,
    OutgoingWebhooksModule,
  ],
})
export class WebhookDispatcherModule {}
