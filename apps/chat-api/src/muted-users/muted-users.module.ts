import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { MuteUsersService } from './mute-users.service.js';
import { MutedUserEntity } from './muted-user.entity.js';
import { MutedUsersController } from './muted-users.controller.js';
import { MutedUsersRepository } from './muted-users.repository.js';
import { MutedUsersStateProvider } from './muted-users-state.provider.js';
import { UsersModule } from '../users/users.module.js';

@OwnsTables({ entities: [MutedUserEntity] })
@Module({
  imports: [UsersModule],
  controllers: [MutedUsersController],
  providers: [MuteUsersService, MutedUsersRepository, MutedUsersStateProvider],
  exports: [MutedUsersRepository],
})
export class MutedUsersModule {}
