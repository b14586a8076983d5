import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { MessagesModule } from '../messages/messages.module.js';
import { RealmsModule } from '../realms/realms.module.js';
import { ScheduleDestination } from './schedule-destination.js';
import { ScheduledDelivery } from './scheduled-delivery.js';
import { ScheduledDeliveryWorker } from './scheduled-delivery.worker.js';
import { ScheduledMessageEntity } from './scheduled-message.entity.js';
import { ScheduledMessagesController } from './scheduled-messages.controller.js';
import { ScheduledMessagesRepository } from './scheduled-messages.repository.js';
import { ScheduledMessagesService } from './scheduled-messages.service.js';
import { ScheduledStateProvider } from './scheduled-state.provider.js';
import { StreamsModule } from '../streams/streams.module.js';
import { UsersModule } from '../users/users.module.js';

@OwnsTables({ entities: [ScheduledMessageEntity] })
@Module({
  imports: [MessagesModule, RealmsModule, StreamsModule, UsersModule],
  controllers: [ScheduledMessagesController],
  providers: [
    ScheduleDestination,
    ScheduledDelivery,
    ScheduledDeliveryWorker,
    ScheduledMessagesRepository,
    ScheduledMessagesService,
    ScheduledStateProvider,
  ],
  exports: [ScheduledDeliveryWorker, ScheduledMessagesRepository],
})
export class ScheduledMessagesModule {}
