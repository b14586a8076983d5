import { Module } from '@nestjs/common';
import { AccountFactory } from './account-factory.js';
import { ApiKeyVault } from './api-key-vault.js';
import { CreateUserUseCase } from './create-user.use-case.js';
import { PasswordHasher } from './password-hasher.js';
import { RealmStateProvider } from './realm-state.provider.js';
import { UpdateUserUseCase } from './update-user.use-case.js';
import { UserDirectory } from './user-directory.js';
import { UsersController } from './users.controller.js';
import { UsersRepository } from './users.repository.js';

@Module({
  controllers: [UsersController],
  providers: [
    AccountFactory,
    ApiKeyVault,
    CreateUserUseCase,
    PasswordHasher,
    RealmStateProvider,
    UpdateUserUseCase,
    UserDirectory,
    UsersRepository,
  ],
  exports: [AccountFactory, ApiKeyVault, PasswordHasher, UsersRepository],
})
export class UsersModule {}
