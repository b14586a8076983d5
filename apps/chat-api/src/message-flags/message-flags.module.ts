import { Module } from '@nestjs/common';
import { MessageFlagsController } from './message-flags.controller.js';
import { MessageFlagsRepository } from './message-flags.repository.js';
import { StreamsModule } from '../streams/streams.module.js';
import { UpdateMessageFlagsUseCase } from './update-message-flags.use-case.js';

@Module({
  imports: [StreamsModule],
  controllers: [MessageFlagsController],
  providers: [MessageFlagsRepository, UpdateMessageFlagsUseCase],
})
export class MessageFlagsModule {}
