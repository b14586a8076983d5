import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { WebhookDispatcherConfig } from '../core/webhook-dispatcher.config.js';
import { NodeHttpWebhookSender } from '../outbound/node-http-webhook-sender.js';
import { OutboundUrlGuard } from '../outbound/outbound-url-guard.js';
import { outgoingWebhooksMigrations } from './migrations/migrations.js';
import { OutgoingWebhookCallEntity } from './outgoing-webhook-call.entity.js';
import { OutgoingWebhookCallsRepository } from './outgoing-webhook-calls.repository.js';
import { OutgoingWebhookRequestedConsumer } from './outgoing-webhook-requested.consumer.js';
import { OUTGOING_WEBHOOK_SENDER, OutgoingWebhookWorker } from './outgoing-webhook.worker.js';

// The calls chat-api's bots ask for (outgoing webhooks), made and answered over the bus.
@OwnsTables({ entities: [OutgoingWebhookCallEntity], migrations: outgoingWebhooksMigrations })
@Module({
  providers: [
    // Chat bots' services: the same guard, plain http allowed as Zulip does.
    {
      provide: OUTGOING_WEBHOOK_SENDER,
      inject: [WebhookDispatcherConfig],
      useFactory: (config: WebhookDispatcherConfig) =>
        new NodeHttpWebhookSender(
          new OutboundUrlGuard(config.WEBHOOK_ALLOWED_HOSTS, undefined, { plainHttp: true }),
          config.WEBHOOK_TIMEOUT_MS,
        ),
    },
    OutgoingWebhookCallsRepository,
    OutgoingWebhookWorker,
    OutgoingWebhookRequestedConsumer,
  ],
})
export class OutgoingWebhooksModule {}
