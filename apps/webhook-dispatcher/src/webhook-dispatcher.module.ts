import { Module } from '@nestjs/common';
import { AesGcmCipher } from '@shared/util';
import { AttemptDeliveryUseCase } from './deliveries/attempt-delivery.use-case.js';
import { DeliveryWorker } from './deliveries/delivery-worker.js';
import { ListDeliveriesUseCase } from './deliveries/list-deliveries.use-case.js';
import { RecordTransactionEventUseCase } from './deliveries/record-transaction-event.use-case.js';
import { RedeliverUseCase } from './deliveries/redeliver.use-case.js';
import { RetrySchedule } from './deliveries/retry-schedule.js';
import { SendTestWebhookUseCase } from './deliveries/send-test-webhook.use-case.js';
import { TransactionStatusChangedConsumer } from './deliveries/transaction-status-changed.consumer.js';
import { WebhookDeliveriesController } from './deliveries/webhook-deliveries.controller.js';
import { WebhookDeliveriesRepository } from './deliveries/webhook-deliveries.repository.js';
import { WebhookAttemptStatsQuery } from './deliveries/webhook-attempt-stats.query.js';
import { WebhookDeliveryStatsUseCase } from './deliveries/webhook-delivery-stats.use-case.js';
import { WebhookMetrics } from './deliveries/webhook-metrics.js';
import { GetWebhookEndpointUseCase } from './endpoints/get-webhook-endpoint.use-case.js';
import { PutWebhookEndpointUseCase } from './endpoints/put-webhook-endpoint.use-case.js';
import { WebhookEndpointController } from './endpoints/webhook-endpoint.controller.js';
import {
  WEBHOOK_SECRET_CIPHER,
  WebhookEndpointsRepository,
} from './endpoints/webhook-endpoints.repository.js';
import { NodeHttpWebhookSender } from './outbound/node-http-webhook-sender.js';
import { OutboundUrlGuard } from './outbound/outbound-url-guard.js';
import { WebhookSender } from './outbound/webhook-sender.js';
import { OutgoingWebhookCallsRepository } from './outgoing-webhooks/outgoing-webhook-calls.repository.js';
import { OutgoingWebhookRequestedConsumer } from './outgoing-webhooks/outgoing-webhook-requested.consumer.js';
import {
  OUTGOING_WEBHOOK_SENDER,
  OutgoingWebhookWorker,
} from './outgoing-webhooks/outgoing-webhook.worker.js';
import { WebhookDispatcherConfig } from './webhook-dispatcher.config.js';

@Module({
  controllers: [WebhookEndpointController, WebhookDeliveriesController],
  providers: [
    {
      provide: WEBHOOK_SECRET_CIPHER,
      inject: [WebhookDispatcherConfig],
      useFactory: (config: WebhookDispatcherConfig) =>
        new AesGcmCipher(Buffer.from(config.WEBHOOK_ENCRYPTION_KEY, 'base64')),
    },
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
    WebhookEndpointsRepository,
    WebhookDeliveriesRepository,
    WebhookMetrics,
    PutWebhookEndpointUseCase,
    GetWebhookEndpointUseCase,
    AttemptDeliveryUseCase,
    DeliveryWorker,
    RecordTransactionEventUseCase,
    SendTestWebhookUseCase,
    RedeliverUseCase,
    ListDeliveriesUseCase,
    WebhookAttemptStatsQuery,
    WebhookDeliveryStatsUseCase,
    TransactionStatusChangedConsumer,
    OutgoingWebhookCallsRepository,
    OutgoingWebhookWorker,
    OutgoingWebhookRequestedConsumer,
  ],
})
export class WebhookDispatcherModule {}
