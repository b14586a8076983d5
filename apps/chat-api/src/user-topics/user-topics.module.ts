import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { userTopicsMigrations } from './migrations/migrations.js';
import { SetTopicVisibilityUseCase } from './set-topic-visibility.use-case.js';
import { StreamsModule } from '../streams/streams.module.js';
import { UserTopicEntity } from './user-topic.entity.js';
import { UserTopicsController } from './user-topics.controller.js';
import { UserTopicsRepository } from './user-topics.repository.js';
import { UserTopicsService } from './user-topics.service.js';
import { UserTopicsStateProvider } from './user-topics-state.provider.js';

@OwnsTables({ entities: [UserTopicEntity], migrations: userTopicsMigrations })
@Module({
  imports: [StreamsModule],
  controllers: [UserTopicsController],
  providers: [SetTopicVisibilityUseCase, UserTopicsRepository, UserTopicsService, UserTopicsStateProvider],
})
export class UserTopicsModule {}
