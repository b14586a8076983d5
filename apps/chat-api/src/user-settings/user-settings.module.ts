import { Module } from '@nestjs/common';
import { UserSettingsStateProvider } from './user-settings-state.provider.js';

@Module({
  providers: [UserSettingsStateProvider],
})
export class UserSettingsModule {}
