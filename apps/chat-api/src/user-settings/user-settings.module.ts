import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { UsersModule } from '../users/users.module.js';
import { userSettingsMigrations } from './migrations/migrations.js';
import { UserExportConsentEntity } from './user-export-consent.entity.js';
import { UserExportConsentsRepository } from './user-export-consents.repository.js';
import { UserSettingsController } from './user-settings.controller.js';
import { UserSettingsService } from './user-settings.service.js';
import { UserSettingsStateProvider } from './user-settings-state.provider.js';

@OwnsTables({ entities: [UserExportConsentEntity], migrations: userSettingsMigrations })
@Module({
  imports: [UsersModule],
  controllers: [UserSettingsController],
  providers: [UserExportConsentsRepository, UserSettingsService, UserSettingsStateProvider],
  exports: [UserExportConsentsRepository],
})
export class UserSettingsModule {}
