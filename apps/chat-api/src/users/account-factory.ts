import { Injectable } from '@nestjs/common';
import { Clock } from '@shared/util';
import type { UnitOfWork } from '@platform/database';
import { ApiKeyVault } from './api-key-vault.js';
import { PasswordHasher } from './password-hasher.js';
import type { BotType, UserEntity, UserRole } from '../core/accounts/user.entity.js';
import { UsersRepository } from './users.repository.js';

export interface NewAccount {
  readonly realmId: number;
  readonly email: string;
  readonly fullName: string;
  readonly role: UserRole;
  readonly password?: string | undefined;
  readonly botType?: BotType | undefined;
  readonly botOwnerId?: number | undefined;
}

export interface CreatedAccount {
  readonly user: UserEntity;
  // Shown to the creator once; only its HMAC and sealed copy are stored.
  readonly apiKey: string;
}

// Creates any account (owner, member, bot, system bot) with a fresh API key.
@Injectable()
export class AccountFactory {
  constructor(
    private readonly users: UsersRepository,
    private readonly vault: ApiKeyVault,
    private readonly passwords: PasswordHasher,
    private readonly clock: Clock,
  ) {}

  async create(unit: UnitOfWork, account: NewAccount): Promise<CreatedAccount> {
    const apiKey = this.vault.generate();
    const user = await this.users.insert(unit, {
      realmId: account.realmId,
      email: account.email.trim(),
      emailKey: account.email.trim().toLowerCase(),
      fullName: account.fullName,
      role: account.role,
      isActive: true,
      botType: account.botType ?? null,
      botOwnerId: account.botOwnerId ?? null,
      apiKeyHash: this.vault.hash(apiKey),
      apiKeySealed: this.vault.seal(apiKey),
      passwordHash: account.password ? await this.passwords.hash(account.password) : null,
      timezone: '',
      dateJoined: this.clock.now(),
    });
    return { user, apiKey };
  }
}
