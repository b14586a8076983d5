import { ApiKeyVault } from '../users/api-key-vault.js';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { type RegisterStateProvider, RegisterState } from '../core/events/register-state.js';
import { avatarUrl } from '../users/user.presenter.js';
import { isAdministrator } from '../core/http/permissions.js';
import { UsersRepository } from '../users/users.repository.js';
import { BotServicesRepository } from './bot-services.repository.js';

// `realm_bots` in POST /register, as Zulip's get_owned_bot_dicts: an administrator sees every
// bot of the realm, anyone else the bots they own, each with its API key and outgoing webhook.
// The realm's Notification Bot is a system bot (Zulip keeps those in another realm): not listed.
@RegisterState()
export class BotsStateProvider implements RegisterStateProvider {
  constructor(
    private readonly users: UsersRepository,
    private readonly botServices: BotServicesRepository,
    private readonly vault: ApiKeyVault,
  ) {}

  async fetch({ user, realm }: ChatCaller, want: (type: string) => boolean) {
    if (!want('realm_bot')) return {};
    const seesEveryBot = isAdministrator(user);
    const bots = (await this.users.listByRealm(realm.id)).filter(
      (account) =>
        account.botType !== null &&
        account.id !== realm.notificationBotId &&
        (seesEveryBot || account.botOwnerId === user.id),
    );
    const services = await this.botServices.listForBots(
      realm.id,
      bots.map((bot) => bot.id),
    );
    return {
      realm_bots: bots.map((bot) => ({
        email: bot.email,
        user_id: bot.id,
        full_name: bot.fullName,
        bot_type: bot.botType,
        is_active: bot.isActive,
        api_key: this.vault.unseal(bot.apiKeySealed),
        // Bots here have no default channels.
        default_sending_stream: null,
        default_events_register_stream: null,
        default_all_public_streams: false,
        owner_id: bot.botOwnerId,
        avatar_url: avatarUrl(bot),
        services: services
          .filter((service) => service.botUserId === bot.id)
          .map((service) => ({
            base_url: service.baseUrl,
            interface: service.interface,
            token: this.vault.unseal(service.tokenSealed),
          })),
      })),
    };
  }
}
