import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { DiscoveryModule } from '@nestjs/core';
import { ArchiveStreamUseCase } from './archive-stream.use-case.js';
import { ChannelLifecycle } from './channel-lifecycle.js';
import { MarkdownModule } from '../markdown/markdown.module.js';
import { PrincipalResolver } from './principal-resolver.js';
import { StreamDirectory } from './stream-directory.js';
import { StreamEntity } from './stream.entity.js';
import { StreamStateProvider } from './stream-state.provider.js';
import { StreamsController } from './streams.controller.js';
import { StreamsRepository } from './streams.repository.js';
import { SubscriptionEntity } from './subscription.entity.js';
import { UsersModule } from '../users/users.module.js';

@OwnsTables({ entities: [StreamEntity, SubscriptionEntity] })
@Module({
  imports: [DiscoveryModule, MarkdownModule, UsersModule],
  controllers: [StreamsController],
  providers: [
    ArchiveStreamUseCase,
    ChannelLifecycle,
    PrincipalResolver,
    StreamDirectory,
    StreamStateProvider,
    StreamsRepository,
  ],
  exports: [PrincipalResolver, StreamDirectory, StreamsRepository],
})
export class StreamsModule {}
