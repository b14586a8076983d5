import { Injectable } from '@nestjs/common';
import { ChatError } from '../request/chat.error.js';
import { RealmsRepository } from '../realms/realms.repository.js';
import { UsersRepository } from '../users/users.repository.js';
import { API_KEY_PATTERN, ApiKeyVault } from './api-key-vault.js';
import type { ChatCaller } from './chat-caller.js';

// Zulip's validate_api_key: format, key, email of the key's owner, realm and account state.
// Every refusal is a 401 UNAUTHORIZED carrying Zulip's text.
@Injectable()
export class ChatAuthenticator {
  constructor(
    private readonly vault: ApiKeyVault,
    private readonly users: UsersRepository,
    private readonly realms: RealmsRepository,
  ) {}

  async authenticate(email: string, apiKey: string, host: string | undefined): Promise<ChatCaller> {
    const key = apiKey.trim();
    if (!API_KEY_PATTERN.test(key)) throw ChatError.unauthorized('Malformed API key');
    const user = await this.users.findByApiKeyHash(this.vault.hash(key));
    if (!user || user.emailKey !== email.trim().toLowerCase())
      throw ChatError.unauthorized('Invalid API key');
    const realm = await this.realms.findById(user.realmId);
    if (!realm || realm.deactivated) throw ChatError.unauthorized('This organization has been deactivated');
    if (!user.isActive) throw ChatError.unauthorized('Account is deactivated');
    const hostRealm = host ? await this.realms.findByHost(host) : null;
    if (hostRealm && hostRealm.id !== realm.id)
      throw ChatError.unauthorized('Account is not associated with this subdomain');
    return { user, realm };
  }
}
