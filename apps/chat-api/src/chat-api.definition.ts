import { platformSections, type ServiceDefinition } from '@platform/http';
import { ServiceName } from '@shared/contracts';
import { chatApiDatabase } from './chat-api.database.js';

export const chatApiDefinition: ServiceDefinition<typeof platformSections> = {
  name: ServiceName.ChatApi,
  config: platformSections,
  database: chatApiDatabase,
};
