import { Injectable } from '@nestjs/common';
import { ChatError, ChatErrorCode } from '../core/http/chat.error.js';
import { RealmsRepository } from '../realms/realms.repository.js';
import { isValidEmail } from '../users/full-name.js';
import type { UserEntity } from '../core/accounts/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';
import { ApiKeyVault } from '../users/api-key-vault.js';
import { PasswordHasher } from '../users/password-hasher.js';

// POST /fetch_api_key: a password login that returns the account's (unchanged) API key. The
// realm is the one claiming the request's host, else whichever realm holds this email with
// this password.
@Injectable()
export class FetchApiKeyUseCase {
  private readonly unknownAccountHash: Promise<string>;

  constructor(
    private readonly users: UsersRepository,
    private readonly realms: RealmsRepository,
    private readonly passwords: PasswordHasher,
    private readonly vault: ApiKeyVault,
  ) {
    this.unknownAccountHash = this.passwords.hash(this.vault.generate());
  }

  async execute(username: string, password: string, host: string | undefined) {
    if (!isValidEmail(username.trim())) throw ChatError.badRequest('Enter a valid email address.');
    const hostRealm = host ? await this.realms.findByHost(host) : null;
    const candidates = hostRealm
      ? [await this.users.findByEmail(hostRealm.id, username)].filter((user) => user !== null)
      : await this.users.findAllByEmail(username);
    const user = await this.withPassword(candidates, password);
    if (!user)
      throw new ChatError(ChatErrorCode.AUTHENTICATION_FAILED, 'Your username or password is incorrect');
    if (!user.isActive) throw new ChatError(ChatErrorCode.USER_DEACTIVATED, 'Account is deactivated');
    const realm = await this.realms.findById(user.realmId);
    if (!realm || realm.deactivated)
      throw new ChatError(ChatErrorCode.REALM_DEACTIVATED, 'This organization has been deactivated');
    return { api_key: this.vault.unseal(user.apiKeySealed), email: user.email, user_id: user.id };
  }

  private async withPassword(
    candidates: readonly UserEntity[],
    password: string,
  ): Promise<UserEntity | null> {
    // An unknown email costs the same hashing as a wrong password: response times do not tell
    // which emails have accounts.
    if (candidates.length === 0) await this.passwords.verify(password, await this.unknownAccountHash);
    for (const candidate of candidates) {
      if (candidate.botType === null && (await this.passwords.verify(password, candidate.passwordHash)))
        return candidate;
    }
    return null;
  }
}
