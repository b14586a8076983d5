import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { StreamsModule } from '../streams/streams.module.js';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module.js';
import { ArchivedDefaultStreams } from './archived-default-streams.js';
import { DefaultStreamEntity } from './default-stream.entity.js';
import { DefaultStreamsController } from './default-streams.controller.js';
import { DefaultStreamsRepository } from './default-streams.repository.js';
import { DefaultStreamsService } from './default-streams.service.js';
import { DefaultStreamsStateProvider } from './default-streams-state.provider.js';
import { defaultStreamsMigrations } from './migrations/migrations.js';
import { NewAccountSubscriptions } from './new-account-subscriptions.js';

@OwnsTables({ entities: [DefaultStreamEntity], migrations: defaultStreamsMigrations })
@Module({
  imports: [StreamsModule, SubscriptionsModule],
  controllers: [DefaultStreamsController],
  providers: [
    ArchivedDefaultStreams,
    DefaultStreamsRepository,
    DefaultStreamsService,
    DefaultStreamsStateProvider,
    NewAccountSubscriptions,
  ],
  exports: [DefaultStreamsRepository],
})
export class DefaultStreamsModule {}
