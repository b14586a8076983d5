import { Module } from '@nestjs/common';
import { RealmsModule } from '../realms/realms.module.js';
import { ServerSettingsController } from './server-settings.controller.js';

@Module({
  imports: [RealmsModule],
  controllers: [ServerSettingsController],
  providers: [],
})
export class ServerModule {}
