import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { BotServiceEntity } from './bot-service.entity.js';
import { BotServicesRepository } from './bot-services.repository.js';
import { BotsController } from './bots.controller.js';
import { BotsStateProvider } from './bots-state.provider.js';
import { CreateBotUseCase } from './create-bot.use-case.js';
import { ListOwnBotsQuery } from './list-own-bots.query.js';
import { UsersModule } from '../users/users.module.js';

@OwnsTables({ entities: [BotServiceEntity] })
@Module({
  imports: [UsersModule],
  controllers: [BotsController],
  providers: [BotServicesRepository, BotsStateProvider, CreateBotUseCase, ListOwnBotsQuery],
})
export class BotsModule {}
