import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { RealmsModule } from '../realms/realms.module.js';
import { UsersModule } from '../users/users.module.js';
import { pushDevicesMigrations } from './migrations/migrations.js';
import { PushAccountListener } from './push-account.listener.js';
import { PushBouncerClient } from './push-bouncer.client.js';
import { PushDeviceTokenEntity } from './push-device-token.entity.js';
import { PushDeviceEntity } from './push-device.entity.js';
import { PushDevicesStateProvider } from './push-devices-state.provider.js';
import { PushDevicesController } from './push-devices.controller.js';
import { PushDevicesRepository } from './push-devices.repository.js';
import { PushJobEntity } from './push-job.entity.js';
import { PushJobRunner } from './push-job.runner.js';
import { PushJobsRepository } from './push-jobs.repository.js';
import { PushNoticeEntity } from './push-notice.entity.js';
import { PushNoticesRepository } from './push-notices.repository.js';
import { PushNotificationTriggers } from './push-notification.triggers.js';
import { PushQueue } from './push-queue.js';
import { PushReadWatcher } from './push-read.watcher.js';
import { PushRegistrationsService } from './push-registrations.service.js';
import { PushRemovals } from './push-removals.js';
import { PushMetrics } from './push.metrics.js';
import { PushWorker } from './push.worker.js';

// Mobile push: device registration (both generations), and notifications of direct messages
// and mentions through the configured bouncer, removed again once read.
@OwnsTables({
  entities: [PushDeviceEntity, PushDeviceTokenEntity, PushJobEntity, PushNoticeEntity],
  migrations: pushDevicesMigrations,
})
@Module({
  imports: [RealmsModule, UsersModule],
  controllers: [PushDevicesController],
  providers: [
    PushAccountListener,
    PushBouncerClient,
    PushDevicesRepository,
    PushDevicesStateProvider,
    PushJobRunner,
    PushJobsRepository,
    PushMetrics,
    PushNoticesRepository,
    PushNotificationTriggers,
    PushQueue,
    PushReadWatcher,
    PushRegistrationsService,
    PushRemovals,
    PushWorker,
  ],
})
export class PushDevicesModule {}
