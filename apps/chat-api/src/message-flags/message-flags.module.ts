import { Module } from '@nestjs/common';
import { MarkAllAsReadUseCase } from './mark-all-as-read.use-case.js';
import { MarkAsReadController } from './mark-as-read.controller.js';
import { MarkConversationAsReadUseCase } from './mark-conversation-as-read.use-case.js';
import { MarkReadRepository } from './mark-read.repository.js';
import { MessageFlagsController } from './message-flags.controller.js';
import { MessageFlagsRepository } from './message-flags.repository.js';
import { MessagesModule } from '../messages/messages.module.js';
import { StreamsModule } from '../streams/streams.module.js';
import { UpdateFlagsForNarrowUseCase } from './update-flags-for-narrow.use-case.js';
import { UpdateMessageFlagsUseCase } from './update-message-flags.use-case.js';

@Module({
  imports: [MessagesModule, StreamsModule],
  controllers: [MessageFlagsController, MarkAsReadController],
  providers: [
    MarkAllAsReadUseCase,
    MarkConversationAsReadUseCase,
    MarkReadRepository,
    MessageFlagsRepository,
    UpdateFlagsForNarrowUseCase,
    UpdateMessageFlagsUseCase,
  ],
})
export class MessageFlagsModule {}
