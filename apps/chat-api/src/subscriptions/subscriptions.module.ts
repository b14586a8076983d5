import { Module } from '@nestjs/common';
import { AccountSubscriptionPeers } from './account-subscription-peers.js';
import { ChannelFoldersModule } from '../channel-folders/channel-folders.module.js';
import { ChannelCreationNotices } from './channel-creation-notices.js';
import { MarkdownModule } from '../markdown/markdown.module.js';
import { MessagesModule } from '../messages/messages.module.js';
import { StreamsModule } from '../streams/streams.module.js';
import { SubscribeUseCase } from './subscribe.use-case.js';
import { SubscriptionEvents } from './subscription-events.js';
import { SubscriptionNotices } from './subscription-notices.js';
import { SubscriptionsController } from './subscriptions.controller.js';
import { UnsubscribeUseCase } from './unsubscribe.use-case.js';
import { UsersModule } from '../users/users.module.js';

@Module({
  imports: [ChannelFoldersModule, MarkdownModule, MessagesModule, StreamsModule, UsersModule],
  controllers: [SubscriptionsController],
  providers: [
    AccountSubscriptionPeers,
    ChannelCreationNotices,
    SubscribeUseCase,
    SubscriptionEvents,
    SubscriptionNotices,
    UnsubscribeUseCase,
  ],
  exports: [SubscriptionEvents],
})
export class SubscriptionsModule {}
