import { PayoutErrorResponseDto } from '@payout/errors';
import { platformSections, type ServiceDefinition } from '@platform/http';
import { ServiceName } from '@shared/contracts';
import { TransactionStatusChangedConsumer } from './deliveries/transaction-status-changed.consumer.js';
import { OutgoingWebhookRequestedConsumer } from './outgoing-webhooks/outgoing-webhook-requested.consumer.js';
import { WebhookDispatcherConfig } from './core/webhook-dispatcher.config.js';
import { webhookDispatcherDatabase } from './webhook-dispatcher.database.js';
import { WebhookDispatcherModule } from './webhook-dispatcher.module.js';
import { webhookErrorPresenter } from './core/webhook-error.presenter.js';

const webhookDispatcherSections = { ...platformSections, webhooks: WebhookDispatcherConfig };

export const webhookDispatcherDefinition: ServiceDefinition<typeof webhookDispatcherSections> = {
  name: ServiceName.WebhookDispatcher,
  title: 'Webhooks',
  config: webhookDispatcherSections,
  database: webhookDispatcherDatabase,
  imports: [WebhookDispatcherModule],
  consumers: [TransactionStatusChangedConsumer, OutgoingWebhookRequestedConsumer],
  errorPresenter: webhookErrorPresenter,
  errorResponse: PayoutErrorResponseDto,
};
