import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { PartnersModule } from '../partners/partners.module.js';
import { DisabledUserEntity } from './disabled-user.entity.js';
import { DisabledUserGate } from './disabled-user.gate.js';
import { DisabledUsersRepository } from './disabled-users.repository.js';
import { disabledUsersMigrations } from './migrations/migrations.js';
import { OpsDisabledUsersController } from './ops-disabled-users.controller.js';
import { SetUserDisabledUseCase } from './set-user-disabled.use-case.js';

// End users operations have disabled (/ops/partners/{id}/users/…), and the gate the proxy asks
// before it forwards a user's quote, accept or KYC submission.
@OwnsTables({ entities: [DisabledUserEntity], migrations: disabledUsersMigrations })
@Module({
  imports: [PartnersModule],
  controllers: [OpsDisabledUsersController],
  providers: [DisabledUsersRepository, SetUserDisabledUseCase, DisabledUserGate],
  exports: [DisabledUserGate],
})
export class DisabledUsersModule {}
