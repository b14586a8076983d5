import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { AesGcmCipher } from '@shared/util';
import { WebhookDispatcherConfig } from '../core/webhook-dispatcher.config.js';
import { WebhookEndpointEntity } from './webhook-endpoint.entity.js';
import { WEBHOOK_SECRET_CIPHER, WebhookEndpointsRepository } from './webhook-endpoints.repository.js';

// The partners' registered receivers with their sealed signing secrets: written by the endpoint
// routes (endpoints), read by every delivery (deliveries), which is why it sits below both.
@OwnsTables({ entities: [WebhookEndpointEntity] })
@Module({
  providers: [
    {
      provide: WEBHOOK_SECRET_CIPHER,
      inject: [WebhookDispatcherConfig],
      useFactory: (config: WebhookDispatcherConfig) =>
        new AesGcmCipher(Buffer.from(config.WEBHOOK_ENCRYPTION_KEY, 'base64')),
    },
    WebhookEndpointsRepository,
  ],
  exports: [WebhookEndpointsRepository],
})
export class EndpointRegistryModule {}
