import { Module } from '@nestjs/common';
import { WebhookDispatcherConfig } from '../core/webhook-dispatcher.config.js';
import { NodeHttpWebhookSender } from './node-http-webhook-sender.js';
import { OutboundUrlGuard } from './outbound-url-guard.js';
import { WebhookSender } from './webhook-sender.js';

// Calls out to partners' receivers: the guard that keeps webhook URLs off private networks and
// the sender that makes one signed attempt behind it.
@Module({
  providers: [
    {
      provide: OutboundUrlGuard,
      inject: [WebhookDispatcherConfig],
      useFactory: (config: WebhookDispatcherConfig) => new OutboundUrlGuard(config.WEBHOOK_ALLOWED_HOSTS),
    },
    {
      provide: WebhookSender,
      inject: [OutboundUrlGuard, WebhookDispatcherConfig],
      useFactory: (guard: OutboundUrlGuard, config: WebhookDispatcherConfig) =>
        new NodeHttpWebhookSender(guard, config.WEBHOOK_TIMEOUT_MS),
    },
  ],
  exports: [OutboundUrlGuard, WebhookSender],
})
export class OutboundModule {}
