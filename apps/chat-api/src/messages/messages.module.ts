import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { AlertWordsModule } from '../alert-words/alert-words.module.js';
import { ConversationStateProvider } from './conversation-state.provider.js';
import { GetMessageQuery } from './get-message.query.js';
import { GetMessagesQuery } from './get-messages.query.js';
import { MatchesNarrowQuery } from './matches-narrow.query.js';
import { MarkdownModule } from '../markdown/markdown.module.js';
import { MessageAccess } from './message-access.js';
import { MentionContext } from './mention-context.js';
import { MessageContextLoader } from './message-context.loader.js';
import { MessageEntity } from './message.entity.js';
import { MessageFilterBuilder } from './message-filter.js';
import { MessageRemovalRepository } from './message-removal.repository.js';
import { MessagePreview } from './message-preview.js';
import { MessageStateProvider } from './message-state.provider.js';
import { MessageStateQuery } from './message-state.query.js';
import { MessagesController } from './messages.controller.js';
import { messagesMigrations } from './migrations/migrations.js';
import { MessagesRepository } from './messages.repository.js';
import { MutedUsersModule } from '../muted-users/muted-users.module.js';
import { NarrowCleaner } from './narrow-cleaner.js';
import { ReactionsModule } from '../reactions/reactions.module.js';
import { RecipientEntity } from './recipient.entity.js';
import { SendMessageUseCase } from './send-message.use-case.js';
import { StreamsModule } from '../streams/streams.module.js';
import { UserGroupsModule } from '../user-groups/user-groups.module.js';
import { UserMessageEntity } from './user-message.entity.js';
import { UsersModule } from '../users/users.module.js';

@OwnsTables({
  entities: [RecipientEntity, MessageEntity, UserMessageEntity],
  migrations: messagesMigrations,
})
@Module({
  imports: [
    AlertWordsModule,
    MarkdownModule,
    MutedUsersModule,
    ReactionsModule,
    StreamsModule,
    UserGroupsModule,
    UsersModule,
  ],
  controllers: [MessagesController],
  providers: [
    ConversationStateProvider,
    GetMessageQuery,
    GetMessagesQuery,
    MatchesNarrowQuery,
    MentionContext,
    MessageAccess,
    MessageContextLoader,
    MessageFilterBuilder,
    MessagePreview,
    MessageRemovalRepository,
    MessageStateProvider,
    MessageStateQuery,
    MessagesRepository,
    NarrowCleaner,
    SendMessageUseCase,
  ],
  exports: [
    GetMessageQuery,
    GetMessagesQuery,
    MessageAccess,
    MessagePreview,
    MessageRemovalRepository,
    MessagesRepository,
    SendMessageUseCase,
  ],
})
export class MessagesModule {}
