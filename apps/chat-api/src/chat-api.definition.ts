import { platformSections, type ServiceDefinition } from '@platform/http';
import { ServiceName } from '@shared/contracts';
import { ChatApiConfig } from './core/chat-api.config.js';
import { chatApiDatabase } from './chat-api.database.js';
import { ChatApiModule } from './chat-api.module.js';
import { chatErrorPresenter } from './core/http/chat-error.presenter.js';
import { chatFrontDoor } from './core/http/chat-front-door.middleware.js';
import { OutgoingWebhookCompletedConsumer } from './outgoing-webhooks/outgoing-webhook-completed.consumer.js';

const chatApiSections = { ...platformSections, chat: ChatApiConfig };

export const chatApiDefinition: ServiceDefinition<typeof chatApiSections> = {
  name: ServiceName.ChatApi,
  title: 'Chat (Zulip-compatible)',
  config: chatApiSections,
  database: chatApiDatabase,
  imports: [ChatApiModule],
  consumers: [OutgoingWebhookCompletedConsumer],
  errorPresenter: chatErrorPresenter,
  // Chat parameters come from urlencoded or multipart bodies, read before the JSON parser. Zulip
  // sends no ETag (so never a 304), and hashing every answer for one costs CPU on every request.
  beforeBodyParsers: (app) => {
    app.set('etag', false);
    app.use(chatFrontDoor(app));
  },
};
