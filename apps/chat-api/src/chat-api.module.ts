import { Module } from '@nestjs/common';
import { AlertWordsModule } from './alert-words/alert-words.module.js';
import { AuthModule } from './auth/auth.module.js';
import { BotsModule } from './bots/bots.module.js';
import { ChannelFoldersModule } from './channel-folders/channel-folders.module.js';
import { ChannelSettingsModule } from './channel-settings/channel-settings.module.js';
import { ChatCoreModule } from './core/chat-core.module.js';
import { CustomProfileFieldsModule } from './custom-profile-fields/custom-profile-fields.module.js';
import { DefaultStreamsModule } from './default-streams/default-streams.module.js';
import { EventsModule } from './events/events.module.js';
import { MarkdownModule } from './markdown/markdown.module.js';
import { MessageDeletionModule } from './message-deletion/message-deletion.module.js';
import { MessageEditingModule } from './message-editing/message-editing.module.js';
import { MessageFlagsModule } from './message-flags/message-flags.module.js';
import { MessageReactionsModule } from './message-reactions/message-reactions.module.js';
import { MessagesModule } from './messages/messages.module.js';
import { MutedUsersModule } from './muted-users/muted-users.module.js';
import { OutgoingWebhooksModule } from './outgoing-webhooks/outgoing-webhooks.module.js';
import { ReactionsModule } from './reactions/reactions.module.js';
import { PresenceModule } from './presence/presence.module.js';
import { PushDevicesModule } from './push-devices/push-devices.module.js';
import { RealmEmojiModule } from './realm-emoji/realm-emoji.module.js';
import { RealmExportsModule } from './realm-exports/realm-exports.module.js';
import { RealmsModule } from './realms/realms.module.js';
import { RemindersModule } from './reminders/reminders.module.js';
import { SavedSnippetsModule } from './saved-snippets/saved-snippets.module.js';
import { ScheduledMessagesModule } from './scheduled-messages/scheduled-messages.module.js';
import { ServerModule } from './server/server.module.js';
import { StreamsModule } from './streams/streams.module.js';
import { SubscriptionsModule } from './subscriptions/subscriptions.module.js';
import { TopicsModule } from './topics/topics.module.js';
import { TypingModule } from './typing/typing.module.js';
import { UploadsModule } from './uploads/uploads.module.js';
import { UserSettingsModule } from './user-settings/user-settings.module.js';
import { UserGroupNoticesModule } from './user-group-notices/user-group-notices.module.js';
import { UserGroupsModule } from './user-groups/user-groups.module.js';
import { UserTopicsModule } from './user-topics/user-topics.module.js';
import { UsersModule } from './users/users.module.js';

// chat-api: the core, then one module per feature. Adding a feature is its folder and one line
// here; its routes, register state, tables and migrations are found from its module.
@Module({
  imports: [
    ChatCoreModule,
    ServerModule,
    AuthModule,
    UsersModule,
    RealmsModule,
    EventsModule,
    MarkdownModule,
    StreamsModule,
    // Express tries routes in registration order: the legacy PATCH users/me/subscriptions/muted_topics
    // must come before subscriptions' PATCH users/me/subscriptions/{stream_id}.
    UserTopicsModule,
    SubscriptionsModule,
    MessagesModule,
    MessageFlagsModule,
    ReactionsModule,
    MessageReactionsModule,
    MessageDeletionModule,
    MessageEditingModule,
    TopicsModule,
    TypingModule,
    MutedUsersModule,
    SavedSnippetsModule,
    ScheduledMessagesModule,
    RemindersModule,
    UserSettingsModule,
    BotsModule,
    CustomProfileFieldsModule,
    UserGroupsModule,
    UserGroupNoticesModule,
    DefaultStreamsModule,
    ChannelFoldersModule,
    ChannelSettingsModule,
    OutgoingWebhooksModule,
    RealmExportsModule,
    PushDevicesModule,
    PresenceModule,
    AlertWordsModule,
    UploadsModule,
    RealmEmojiModule,
  ],
})
export class ChatApiModule {}
