import { Module } from '@nestjs/common';
import { MessageAccess } from '../messages/message-access.js';
import { MessagesModule } from '../messages/messages.module.js';
import { StreamsModule } from '../streams/streams.module.js';
import { UserGroupsModule } from '../user-groups/user-groups.module.js';
import { UsersModule } from '../users/users.module.js';
import { DeleteMessageUseCase } from './delete-message.use-case.js';
import { MessageDeletionController } from './message-deletion.controller.js';
import { MessageDeletionRepository } from './message-deletion.repository.js';

// Deleting messages: it owns no table, it removes the messages feature's rows.
@Module({
  imports: [MessagesModule, StreamsModule, UserGroupsModule, UsersModule],
  controllers: [MessageDeletionController],
  // MessageAccess is stateless over the repositories these modules export.
  providers: [DeleteMessageUseCase, MessageAccess, MessageDeletionRepository],
})
export class MessageDeletionModule {}
