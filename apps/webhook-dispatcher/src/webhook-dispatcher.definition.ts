import { platformSections, type ServiceDefinition } from '@platform/http';
import { ServiceName } from '@shared/contracts';
import { webhookDispatcherDatabase } from './webhook-dispatcher.database.js';

export const webhookDispatcherDefinition: ServiceDefinition<typeof platformSections> = {
  name: ServiceName.WebhookDispatcher,
  config: platformSections,
  database: webhookDispatcherDatabase,
};
