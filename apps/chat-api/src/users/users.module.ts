import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { CustomProfileFieldsModule } from '../custom-profile-fields/custom-profile-fields.module.js';
import { AccountChanges } from './account-changes.js';
import { AccountFactory } from './account-factory.js';
import { AccountStatus } from './account-status.js';
import {
  DeactivateOwnUserUseCase,
  DeactivateUserUseCase,
  ReactivateUserUseCase,
} from './account-status.use-cases.js';
import { ApiKeyVault } from './api-key-vault.js';
import { CreateUserUseCase } from './create-user.use-case.js';
import { usersMigrations } from './migrations/migrations.js';
import { OpsUsersController } from './ops-users.controller.js';
import { OpsUsersService } from './ops-users.service.js';
import { PasswordHasher } from './password-hasher.js';
import { RealmStateProvider } from './realm-state.provider.js';
import { RealmUserEvents } from './realm-user-events.js';
import { UpdateUserUseCase } from './update-user.use-case.js';
import { UserAccess } from './user-access.js';
import { UserDirectory } from './user-directory.js';
import { UserSpecialPermissionEntity } from './user-special-permission.entity.js';
import { UserSpecialPermissionsRepository } from './user-special-permissions.repository.js';
import { UsersController } from './users.controller.js';
import { UsersRepository } from './users.repository.js';

@OwnsTables({ entities: [UserSpecialPermissionEntity], migrations: usersMigrations })
@Module({
  imports: [CustomProfileFieldsModule],
  controllers: [UsersController, OpsUsersController],
  providers: [
    AccountChanges,
    AccountFactory,
    AccountStatus,
    ApiKeyVault,
    CreateUserUseCase,
    DeactivateOwnUserUseCase,
    DeactivateUserUseCase,
    OpsUsersService,
    PasswordHasher,
    RealmStateProvider,
    RealmUserEvents,
    ReactivateUserUseCase,
    UpdateUserUseCase,
    UserAccess,
    UserDirectory,
    UserSpecialPermissionsRepository,
    UsersRepository,
  ],
  exports: [AccountFactory, ApiKeyVault, PasswordHasher, UserAccess, UsersRepository],
})
export class UsersModule {}
