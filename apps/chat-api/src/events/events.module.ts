import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { DiscoveryModule } from '@nestjs/core';
import { ChatEventBroadcaster } from './chat-event.broadcaster.js';
import { ChatEventFanout } from './chat-event-fanout.js';
import { ChatReplica } from './chat-replica.js';
import { ChatReplicaEntity } from './chat-replica.entity.js';
import { ChatReplicasRepository } from './chat-replicas.repository.js';
import { EventQueueAccess } from './get-events.use-case.js';
import { EventQueueRegistry } from './event-queue.registry.js';
import { EventsController } from './events.controller.js';
import { InternalEventQueuesController } from './internal-event-queues.controller.js';
import { PersonalFeaturesStateProvider } from './personal-features-state.provider.js';
import { RegisterQueueUseCase } from './register-queue.use-case.js';
import { CurrentSnapshotQuery } from './current-snapshot.query.js';
import { RegisterStateProviders } from './register-state.providers.js';
import { RemoteEventQueues } from './remote-event-queues.js';

@OwnsTables({ entities: [ChatReplicaEntity] })
@Module({
  imports: [DiscoveryModule],
  controllers: [EventsController, InternalEventQueuesController],
  providers: [
    ChatEventBroadcaster,
    ChatEventFanout,
    ChatReplica,
    ChatReplicasRepository,
    EventQueueAccess,
    EventQueueRegistry,
    PersonalFeaturesStateProvider,
    RegisterQueueUseCase,
    CurrentSnapshotQuery,
    RegisterStateProviders,
    RemoteEventQueues,
  ],
  exports: [ChatEventBroadcaster],
})
export class EventsModule {}
