import { Module } from '@nestjs/common';
import { MessagesModule } from '../messages/messages.module.js';
import { StreamsModule } from '../streams/streams.module.js';
import { UserGroupsModule } from '../user-groups/user-groups.module.js';
import { UsersModule } from '../users/users.module.js';
import { EditMessageUseCase } from './edit-message.use-case.js';
import { MessageEditWriter } from './message-edit.writer.js';
import { MessageEditingController } from './message-editing.controller.js';
import { MessageEditingRepository } from './message-editing.repository.js';
import { MessageHistoryQuery } from './message-history.query.js';
import { MoveNoticesService } from './move-notices.service.js';

// Editing and moving messages: it owns no table, it changes the messages feature's rows.
@Module({
  imports: [MessagesModule, StreamsModule, UserGroupsModule, UsersModule],
  controllers: [MessageEditingController],
  providers: [
    EditMessageUseCase,
    MessageEditWriter,
    MessageEditingRepository,
    MessageHistoryQuery,
    MoveNoticesService,
  ],
})
export class MessageEditingModule {}
