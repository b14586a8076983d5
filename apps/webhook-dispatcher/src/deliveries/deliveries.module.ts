import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { WebhookDispatcherConfig } from '../core/webhook-dispatcher.config.js';
import { EndpointRegistryModule } from '../endpoint-registry/endpoint-registry.module.js';
import { OutboundModule } from '../outbound/outbound.module.js';
import { AttemptDeliveryUseCase } from './attempt-delivery.use-case.js';
import { DeliveryDrafts } from './delivery-drafts.js';
import { DeliveryWorker } from './delivery-worker.js';
import { deliveriesMigrations } from './migrations/migrations.js';
import { GetDeliveryUseCase } from './get-delivery.use-case.js';
import { ListDeliveriesUseCase } from './list-deliveries.use-case.js';
import { RecordTransactionEventUseCase } from './record-transaction-event.use-case.js';
import { RedeliverUseCase } from './redeliver.use-case.js';
import { RetrySchedule } from './retry-schedule.js';
import { SendTestWebhookUseCase } from './send-test-webhook.use-case.js';
import { TransactionStatusChangedConsumer } from './transaction-status-changed.consumer.js';
import { WebhookAttemptEntity } from './webhook-attempt.entity.js';
import { WebhookAttemptStatsQuery } from './webhook-attempt-stats.query.js';
import { WebhookDeliveriesController } from './webhook-deliveries.controller.js';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import { WebhookDeliveryEntity } from './webhook-delivery.entity.js';
import { WebhookDeliveryStatsUseCase } from './webhook-delivery-stats.use-case.js';
import { WebhookMetrics } from './webhook-metrics.js';

// Transaction events delivered to partners' endpoints, retried until acknowledged or dead, and
// their history (/webhooks/deliveries). Exports the test event the endpoint routes send.
@OwnsTables({ entities: [WebhookDeliveryEntity, WebhookAttemptEntity], migrations: deliveriesMigrations })
@Module({
  imports: [EndpointRegistryModule, OutboundModule],
  controllers: [WebhookDeliveriesController],
  providers: [
    {
      provide: RetrySchedule,
      inject: [WebhookDispatcherConfig],
      useFactory: (config: WebhookDispatcherConfig) =>
        new RetrySchedule({
          baseMs: config.WEBHOOK_RETRY_BASE_MS,
          maxDelayMs: config.WEBHOOK_RETRY_MAX_DELAY_MS,
          windowMs: config.WEBHOOK_RETRY_WINDOW_MS,
        }),
    },
    WebhookDeliveriesRepository,
    WebhookMetrics,
    DeliveryDrafts,
    AttemptDeliveryUseCase,
    DeliveryWorker,
    RecordTransactionEventUseCase,
    SendTestWebhookUseCase,
    RedeliverUseCase,
    ListDeliveriesUseCase,
    GetDeliveryUseCase,
    WebhookAttemptStatsQuery,
    WebhookDeliveryStatsUseCase,
    TransactionStatusChangedConsumer,
  ],
  exports: [SendTestWebhookUseCase],
})
export class DeliveriesModule {}
