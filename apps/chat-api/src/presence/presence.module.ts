import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { UsersModule } from '../users/users.module.js';
import { presenceMigrations } from './migrations/migrations.js';
import { PresenceReader } from './presence-reader.js';
import { PresenceSequenceEntity } from './presence-sequence.entity.js';
import { PresenceStateProvider } from './presence-state.provider.js';
import { PresenceController } from './presence.controller.js';
import { UpdatePresenceUseCase } from './update-presence.use-case.js';
import { UserPresenceEntity } from './user-presence.entity.js';
import { UserPresenceQuery } from './user-presence.query.js';
import { UserPresenceRepository } from './user-presence.repository.js';

@OwnsTables({ entities: [UserPresenceEntity, PresenceSequenceEntity], migrations: presenceMigrations })
@Module({
  imports: [UsersModule],
  controllers: [PresenceController],
  providers: [
    PresenceReader,
    PresenceStateProvider,
    UpdatePresenceUseCase,
    UserPresenceQuery,
    UserPresenceRepository,
  ],
})
export class PresenceModule {}
