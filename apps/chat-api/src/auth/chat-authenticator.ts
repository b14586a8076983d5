import { Injectable } from '@nestjs/common';
import { ExpiringCache, loadOnce } from '@platform/http';
import { Clock } from '@shared/util';
import { ChatError } from '../core/http/chat.error.js';
import type { RealmEntity } from '../core/accounts/realm.entity.js';
import { RealmsRepository } from '../realms/realms.repository.js';
import type { UserEntity } from '../core/accounts/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';
import { API_KEY_PATTERN, ApiKeyVault } from '../users/api-key-vault.js';
import type { ChatCaller } from '../core/http/chat-caller.js';

// Realms change rarely; every request needs its realm and the realm claiming its host. They are
// reused for a few seconds (a deactivated realm is refused within that time).
const REALM_CACHE_MS = 5_000;
// Every request needs its account too, and reading it is most of a light request's cost (typing
// notifications come by the thousand per second). An account is reused for one second at most,
// and not at all once this process changed any account (UsersRepository.version): a deactivated
// account or a replaced key is refused at once here, and within a second on other replicas.
const ACCOUNT_CACHE_MS = 1_000;

interface CachedAccount {
  readonly user: Promise<UserEntity | null>;
  readonly version: number;
}

// Zulip's validate_api_key: format, key, email of the key's owner, realm and account state.
// Every refusal is a 401 UNAUTHORIZED carrying Zulip's text.
@Injectable()
export class ChatAuthenticator {
  private readonly realmsById = new ExpiringCache<Promise<RealmEntity | null>>(1_000);
  private readonly realmsByHost = new ExpiringCache<Promise<RealmEntity | null>>(1_000);
  private readonly accounts = new ExpiringCache<CachedAccount>(10_000);

  constructor(
    private readonly vault: ApiKeyVault,
    private readonly users: UsersRepository,
    private readonly realms: RealmsRepository,
    private readonly clock: Clock,
  ) {}

  async authenticate(email: string, apiKey: string, host: string | undefined): Promise<ChatCaller> {
    const key = apiKey.trim();
    if (!API_KEY_PATTERN.test(key)) throw ChatError.unauthorized('Malformed API key');
    const user = await this.account(this.vault.hash(key));
    if (!user || user.emailKey !== email.trim().toLowerCase())
      throw ChatError.unauthorized('Invalid API key');
    // Realm reads are shared (loadOnce): when an entry expires under load, the requests arriving
    // meanwhile wait for the one read instead of each making their own.
    const now = this.clock.now().getTime();
    const realm = await loadOnce(this.realmsById, String(user.realmId), now, REALM_CACHE_MS, () =>
      this.realms.findById(user.realmId),
    );
    if (!realm || realm.deactivated) throw ChatError.unauthorized('This organization has been deactivated');
    if (!user.isActive) throw ChatError.unauthorized('Account is deactivated');
    const hostRealm = host
      ? await loadOnce(this.realmsByHost, host, now, REALM_CACHE_MS, () => this.realms.findByHost(host))
      : null;
    if (hostRealm && hostRealm.id !== realm.id)
      throw ChatError.unauthorized('Account is not associated with this subdomain');
    return { user, realm };
  }

  // The read itself is shared: when an entry expires under load, the requests arriving meanwhile
  // wait for one read instead of each making its own.
  private account(apiKeyHash: string): Promise<UserEntity | null> {
    const now = this.clock.now().getTime();
    const version = this.users.version;
    const hit = this.accounts.get(apiKeyHash, now);
    if (hit && hit.version === version) return hit.user;
    const user = this.users.findByApiKeyHash(apiKeyHash);
    const entry = { user, version };
    this.accounts.set(apiKeyHash, entry, now + ACCOUNT_CACHE_MS);
    // Unknown keys (and failed reads) are not kept: the entry expires at once.
    const expire = () => {
      if (this.accounts.get(apiKeyHash, this.clock.now().getTime()) === entry)
        this.accounts.set(apiKeyHash, entry, 0);
    };
    user.then((found) => found ?? expire(), expire);
    return user;
  }
}
