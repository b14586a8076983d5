import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { ApiKeyVault } from './users/api-key-vault.js';
import { ChatAnonymousGuard } from './auth/chat-anonymous.guard.js';
import { ChatAuthGuard } from './auth/chat-auth.guard.js';
import { ChatAuthenticator } from './auth/chat-authenticator.js';
import { ChatRequestAuthorizer } from './auth/chat-request-authorizer.js';
import { FetchApiKeyController } from './auth/fetch-api-key.controller.js';
import { FetchApiKeyUseCase } from './auth/fetch-api-key.use-case.js';
import { PasswordHasher } from './users/password-hasher.js';
import { RateLimiter } from './auth/rate-limiter.js';
import { MentionLookup } from './markdown/mention-lookup.js';
import { MessagePreview } from './messages/message-preview.js';
import { MessageFlagsEndpoint } from './message-flags/message-flags.endpoint.js';
import { MessageFlagsRepository } from './message-flags/message-flags.repository.js';
import { UpdateMessageFlagsUseCase } from './message-flags/update-message-flags.use-case.js';
import { MutedUsersController } from './muted-users/muted-users.controller.js';
import { MutedUsersRepository } from './muted-users/muted-users.repository.js';
import { MutedUsersStateProvider } from './muted-users/muted-users-state.provider.js';
import { MuteUsersService } from './muted-users/mute-users.service.js';
import { MessageRenderer } from './markdown/message-renderer.js';
import { BotsController } from './bots/bots.controller.js';
import { CreateBotUseCase } from './bots/create-bot.use-case.js';
import { ChatEventBroadcaster } from './events/chat-event.broadcaster.js';
import { ChatEventFanout } from './events/chat-event-fanout.js';
import { EventQueueRegistry } from './events/event-queue.registry.js';
import { EventsController } from './events/events.controller.js';
import { ChatReplica } from './events/replicas/chat-replica.js';
import { InternalEventQueuesController } from './events/replicas/internal-event-queues.controller.js';
import { RemoteEventQueues } from './events/replicas/remote-event-queues.js';
import { EventQueueAccess } from './events/get-events.use-case.js';
import { BotsStateProvider } from './bots/bots-state.provider.js';
import { ConversationStateProvider } from './messages/conversation-state.provider.js';
import { MessageStateProvider } from './messages/message-state.provider.js';
import { PersonalFeaturesStateProvider } from './events/personal-features-state.provider.js';
import { PresenceStateProvider } from './events/presence-state.provider.js';
import { RealmFeaturesStateProvider } from './events/realm-features-state.provider.js';
import { RealmStateProvider } from './users/realm-state.provider.js';
import { RealmSettingsStateProvider } from './realms/realm-settings-state.provider.js';
import { REGISTER_STATE_PROVIDERS, type RegisterStateProvider } from './core/events/register-state.js';
import { RegisterQueueUseCase } from './events/register-queue.use-case.js';
import { StreamStateProvider } from './streams/stream-state.provider.js';
import { GetMessageQuery } from './messages/get-message.query.js';
import { MessageAccess } from './messages/message-access.js';
import { NarrowCleaner } from './messages/narrow-cleaner.js';
import { GetMessagesQuery } from './messages/get-messages.query.js';
import { MessageContextLoader } from './messages/message-context.loader.js';
import { MessageFilterBuilder } from './messages/message-filter.js';
import { MessagesController } from './messages/messages.controller.js';
import { MessagesRepository } from './messages/messages.repository.js';
import { SendMessageUseCase } from './messages/send-message.use-case.js';
import { CreateRealmUseCase } from './realms/create-realm.use-case.js';
import { OpsRealmsController } from './realms/ops-realms.controller.js';
import { RealmsRepository } from './realms/realms.repository.js';
import { ChatEnvelopeInterceptor } from './core/http/chat-envelope.interceptor.js';
import { CHAT_HOT_ENDPOINTS, type ChatHotEndpoint } from './request/chat-hot-endpoint.js';
import { ChatHotRoutes } from './request/chat-hot-routes.js';
import { ChatRouteTable } from './core/http/chat-route-table.js';
import { SavedSnippetsController } from './saved-snippets/saved-snippets.controller.js';
import { SavedSnippetsRepository } from './saved-snippets/saved-snippets.repository.js';
import { SavedSnippetsStateProvider } from './saved-snippets/saved-snippets-state.provider.js';
import { SavedSnippetsService } from './saved-snippets/saved-snippets.service.js';
import { ServerSettingsController } from './server/server-settings.controller.js';
import { ArchiveStreamUseCase } from './streams/archive-stream.use-case.js';
import { PrincipalResolver } from './streams/principal-resolver.js';
import { StreamDirectory } from './streams/stream-directory.js';
import { StreamsController } from './streams/streams.controller.js';
import { StreamsRepository } from './streams/streams.repository.js';
import { SubscribeUseCase } from './subscriptions/subscribe.use-case.js';
import { SubscriptionEvents } from './subscriptions/subscription-events.js';
import { SubscriptionNotices } from './subscriptions/subscription-notices.js';
import { ChannelCreationNotices } from './subscriptions/channel-creation-notices.js';
import { UnsubscribeUseCase } from './subscriptions/unsubscribe.use-case.js';
import { TopicHistoryQuery } from './topics/topic-history.query.js';
import { TopicsController } from './topics/topics.controller.js';
import { SendTypingUseCase } from './typing/send-typing.use-case.js';
import { TypingAudience } from './typing/typing-audience.js';
import { TypingEndpoint } from './typing/typing.endpoint.js';
import { ScheduleDestination } from './scheduled-messages/schedule-destination.js';
import { ScheduledDelivery } from './scheduled-messages/scheduled-delivery.js';
import { ScheduledDeliveryWorker } from './scheduled-messages/scheduled-delivery.worker.js';
import { ScheduledMessagesController } from './scheduled-messages/scheduled-messages.controller.js';
import { ScheduledMessagesRepository } from './scheduled-messages/scheduled-messages.repository.js';
import { ScheduledStateProvider } from './scheduled-messages/scheduled-state.provider.js';
import { UserSettingsStateProvider } from './user-settings/user-settings-state.provider.js';
import { ScheduledMessagesService } from './scheduled-messages/scheduled-messages.service.js';
import { RemindersController } from './reminders/reminders.controller.js';
import { RemindersService } from './reminders/reminders.service.js';
import { AccountFactory } from './users/account-factory.js';
import { CreateUserUseCase } from './users/create-user.use-case.js';
import { UpdateUserUseCase } from './users/update-user.use-case.js';
import { UserDirectory } from './users/user-directory.js';
import { UsersController } from './users/users.controller.js';
import { UsersRepository } from './users/users.repository.js';

@Module({
  imports: [DiscoveryModule],
  controllers: [
    OpsRealmsController,
    ServerSettingsController,
    FetchApiKeyController,
    UsersController,
    StreamsController,
    MessagesController,
    SavedSnippetsController,
    MutedUsersController,
    TopicsController,
    EventsController,
    InternalEventQueuesController,
    BotsController,
    ScheduledMessagesController,
    RemindersController,
  ],
  providers: [
    ChatReplica,
    RemoteEventQueues,
    ChatRouteTable,
    ChatHotRoutes,
    MessageFlagsEndpoint,
    TypingEndpoint,
    {
      provide: CHAT_HOT_ENDPOINTS,
      inject: [TypingEndpoint, MessageFlagsEndpoint],
      useFactory: (...endpoints: ChatHotEndpoint[]) => endpoints,
    },
    ChatEnvelopeInterceptor,
    ChatAuthGuard,
    ChatRequestAuthorizer,
    ChatAnonymousGuard,
    ChatAuthenticator,
    RateLimiter,
    ApiKeyVault,
    PasswordHasher,
    RealmsRepository,
    UsersRepository,
    StreamsRepository,
    MessagesRepository,
    AccountFactory,
    CreateRealmUseCase,
    FetchApiKeyUseCase,
    CreateUserUseCase,
    UpdateUserUseCase,
    UserDirectory,
    MessageRenderer,
    MentionLookup,
    MessagePreview,
    MessageContextLoader,
    MessageFilterBuilder,
    GetMessagesQuery,
    GetMessageQuery,
    MessageAccess,
    NarrowCleaner,
    SendMessageUseCase,
    PrincipalResolver,
    StreamDirectory,
    SubscribeUseCase,
    SubscriptionNotices,
    SubscriptionEvents,
    ChannelCreationNotices,
    UnsubscribeUseCase,
    ArchiveStreamUseCase,
    SavedSnippetsRepository,
    SavedSnippetsService,
    MutedUsersRepository,
    MuteUsersService,
    TopicHistoryQuery,
    CreateBotUseCase,
    EventQueueRegistry,
    ChatEventFanout,
    ChatEventBroadcaster,
    EventQueueAccess,
    RegisterQueueUseCase,
    RealmStateProvider,
    StreamStateProvider,
    MessageStateProvider,
    ConversationStateProvider,
    RealmSettingsStateProvider,
    PresenceStateProvider,
    RealmFeaturesStateProvider,
    PersonalFeaturesStateProvider,
    UserSettingsStateProvider,
    BotsStateProvider,
    {
      provide: REGISTER_STATE_PROVIDERS,
      inject: [
        RealmStateProvider,
        StreamStateProvider,
        MessageStateProvider,
        ConversationStateProvider,
        MutedUsersStateProvider,
        SavedSnippetsStateProvider,
        ScheduledStateProvider,
        PresenceStateProvider,
        RealmFeaturesStateProvider,
        PersonalFeaturesStateProvider,
        UserSettingsStateProvider,
        BotsStateProvider,
        RealmSettingsStateProvider,
      ],
      useFactory: (...providers: RegisterStateProvider[]) => providers,
    },
    MessageFlagsRepository,
    UpdateMessageFlagsUseCase,
    MutedUsersStateProvider,
    SavedSnippetsStateProvider,
    TypingAudience,
    SendTypingUseCase,
    ScheduleDestination,
    ScheduledMessagesRepository,
    ScheduledMessagesService,
    ScheduledDelivery,
    ScheduledDeliveryWorker,
    RemindersService,
    ScheduledStateProvider,
  ],
})
export class ChatApiModule {}
