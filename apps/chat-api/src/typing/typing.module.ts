import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { SendTypingUseCase } from './send-typing.use-case.js';
import { StreamsModule } from '../streams/streams.module.js';
import { TypingAudience } from './typing-audience.js';
import { TypingController } from './typing.controller.js';
import { UsersModule } from '../users/users.module.js';

@Module({
  imports: [EventsModule, StreamsModule, UsersModule],
  controllers: [TypingController],
  providers: [SendTypingUseCase, TypingAudience],
})
export class TypingModule {}
