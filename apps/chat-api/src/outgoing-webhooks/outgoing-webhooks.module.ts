import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { MessagesModule } from '../messages/messages.module.js';
import { RealmsModule } from '../realms/realms.module.js';
import { UsersModule } from '../users/users.module.js';
import { OutgoingWebhookAnswerEntity } from './outgoing-webhook-answer.entity.js';
import { OutgoingWebhookAnswers } from './outgoing-webhook-answers.repository.js';
import { OutgoingWebhookBotsRepository } from './outgoing-webhook-bots.repository.js';
import { OutgoingWebhookCompletedConsumer } from './outgoing-webhook-completed.consumer.js';
import { OutgoingWebhookReplier } from './outgoing-webhook.replier.js';
import { OutgoingWebhookTriggers } from './outgoing-webhook-triggers.js';
import { outgoingWebhooksMigrations } from './migrations/migrations.js';

// Outgoing-webhook bots: messages that trigger them become requests to webhook-dispatcher, and
// the calls' outcomes come back as the bots' replies (or Zulip's failure messages).
@OwnsTables({ entities: [OutgoingWebhookAnswerEntity], migrations: outgoingWebhooksMigrations })
@Module({
  imports: [MessagesModule, RealmsModule, UsersModule],
  providers: [
    OutgoingWebhookAnswers,
    OutgoingWebhookBotsRepository,
    OutgoingWebhookReplier,
    OutgoingWebhookTriggers,
    OutgoingWebhookCompletedConsumer,
  ],
})
export class OutgoingWebhooksModule {}
