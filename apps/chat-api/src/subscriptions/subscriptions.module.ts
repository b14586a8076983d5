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
import { UnsubscribeUseCase } from './unsubscribe.use-case.js';
import { UsersModule } from '../users/users.module.js';

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
    UnsubscribeUseCase,
  ],
  exports: [SubscriptionEvents],
})
export class SubscriptionsModule {}
