import { Module } from '@nestjs/common';
import { MessagesModule } from '../messages/messages.module.js';
import { RemindersController } from './reminders.controller.js';
import { RemindersService } from './reminders.service.js';
import { ScheduledMessagesModule } from '../scheduled-messages/scheduled-messages.module.js';

@Module({
  imports: [MessagesModule, ScheduledMessagesModule],
  controllers: [RemindersController],
  providers: [RemindersService],
})
export class RemindersModule {}
