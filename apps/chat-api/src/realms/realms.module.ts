import { Module } from '@nestjs/common';
import { CreateRealmUseCase } from './create-realm.use-case.js';
import { OpsRealmsController } from './ops-realms.controller.js';
import { RealmSettingsStateProvider } from './realm-settings-state.provider.js';
import { RealmsRepository } from './realms.repository.js';
import { UsersModule } from '../users/users.module.js';

@Module({
  imports: [UsersModule],
  controllers: [OpsRealmsController],
  providers: [CreateRealmUseCase, RealmSettingsStateProvider, RealmsRepository],
  exports: [RealmsRepository],
})
export class RealmsModule {}
