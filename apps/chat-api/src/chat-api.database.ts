import type { AppDatabase } from '@platform/database';
import { messagingEntities } from '@platform/messaging';
import { BotServiceEntity } from './bots/bot-service.entity.js';
import { ChatReplicaEntity } from './events/replicas/chat-replica.entity.js';
import { MessageEntity } from './messages/message.entity.js';
import { RecipientEntity } from './messages/recipient.entity.js';
import { UserMessageEntity } from './messages/user-message.entity.js';
import { chatApiMigrations } from './core/database/migrations/migrations.js';
import { MutedUserEntity } from './muted-users/muted-user.entity.js';
import { RealmEntity } from './core/accounts/realm.entity.js';
import { SavedSnippetEntity } from './saved-snippets/saved-snippet.entity.js';
import { ScheduledMessageEntity } from './scheduled-messages/scheduled-message.entity.js';
import { StreamEntity } from './streams/stream.entity.js';
import { SubscriptionEntity } from './streams/subscription.entity.js';
import { UserEntity } from './core/accounts/user.entity.js';

export const chatApiDatabase: AppDatabase = {
  schema: 'chat',
  entities: [
    ...messagingEntities,
    RealmEntity,
    UserEntity,
    StreamEntity,
    SubscriptionEntity,
    RecipientEntity,
    MessageEntity,
    UserMessageEntity,
    SavedSnippetEntity,
    MutedUserEntity,
    ScheduledMessageEntity,
    BotServiceEntity,
    ChatReplicaEntity,
  ],
  migrations: chatApiMigrations,
};
