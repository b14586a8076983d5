import { Module } from '@nestjs/common';
import { AccountSubscriptionPeers } from './account-subscription-peers.js';
import { ChannelFoldersModule } from '../channel-folders/channel-folders.module.js';
import { ChannelMembershipQuery } from './channel-membership.query.js';
import { ChannelCreationNotices } from './channel-creation-notices.js';
import { MarkdownModule } from '../markdown/markdown.module.js';
import { MessagesModule } from '../messages/messages.module.js';
import { StreamsModule } from '../streams/streams.module.js';
import { SubscribeUseCase } from './subscribe.use-case.js';
import { SubscriptionEvents } from './subscription-events.js';
import { SubscriptionNotices } from './subscription-notices.js';
import { SubscriptionReadsController } from './subscription-reads.controller.js';
import { SubscriptionsController } from './subscriptions.controller.js';
import { SubscriptionSettingsRepository } from './subscription-settings.repository.js';
import { subscriptionsMigrations } from './migrations/migrations.js';
import { UnsubscribeUseCase } from './unsubscribe.use-case.js';
import { UpdateSubscriptionPropertiesUseCase } from './update-subscription-properties.use-case.js';
import { OwnsTables } from '@platform/database';
import { UsersModule } from '../users/users.module.js';

@OwnsTables({ migrations: subscriptionsMigrations })
@Module({
  imports: [ChannelFoldersModule, MarkdownModule, MessagesModule, StreamsModule, UsersModule],
  controllers: [SubscriptionsController, SubscriptionReadsController],
  providers: [
    AccountSubscriptionPeers,
    ChannelCreationNotices,
    ChannelMembershipQuery,
    SubscribeUseCase,
    SubscriptionEvents,
    SubscriptionNotices,
    SubscriptionSettingsRepository,
    UnsubscribeUseCase,
    UpdateSubscriptionPropertiesUseCase,
  ],
  exports: [SubscriptionEvents],
})
export class SubscriptionsModule {}
