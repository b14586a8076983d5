import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import { botDomain } from '../realms/bot-domain.js';
import { ApiKeyVault } from '../users/api-key-vault.js';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { AccountLifecycle } from '../core/accounts/account-lifecycle.js';
import { publishChatEvent } from '../core/events/chat-event.publisher.js';
import { ChatError } from '../core/http/chat.error.js';
import { AccountFactory } from '../users/account-factory.js';
import { checkFullName, isValidEmail } from '../users/full-name.js';
import { BotType, UserRole } from '../core/accounts/user.entity.js';
import { avatarUrl, userRow } from '../users/user.presenter.js';
import { UsersRepository } from '../users/users.repository.js';
import { BotInterface, BotServiceEntity } from './bot-service.entity.js';
import { BotServicesRepository } from './bot-services.repository.js';

export interface CreateBotCommand {
  readonly fullName: string;
  readonly shortName: string;
  readonly botType: number;
  readonly payloadUrl: string;
  readonly interfaceType: number;
}

const CREATABLE_TYPES = new Set<number>([
  BotType.GENERIC,
  BotType.INCOMING_WEBHOOK,
  BotType.OUTGOING_WEBHOOK,
]);
const INTERFACES = new Set<number>([BotInterface.GENERIC, BotInterface.SLACK_COMPATIBLE]);

// POST /bots: a bot owned by the caller, `<short_name>-bot@<realm host>`, with its own API key;
// an outgoing-webhook bot also gets its service (payload URL, interface, token).
@Injectable()
export class CreateBotUseCase {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly users: UsersRepository,
    private readonly botServices: BotServicesRepository,
    private readonly accounts: AccountFactory,
    private readonly lifecycle: AccountLifecycle,
    private readonly vault: ApiKeyVault,
  ) {}

  async execute(caller: ChatCaller, command: CreateBotCommand) {
    const shortName = command.shortName.trim();
    if (shortName === '') throw ChatError.badRequest('Bad name or username');
    const fullName = checkFullName(command.fullName);
    const email = `${shortName}-bot@${botDomain(caller.realm.url)}`;
    if (!isValidEmail(email)) throw ChatError.badRequest('Bad name or username');
    if (await this.users.findByEmail(caller.realm.id, email))
      throw ChatError.badRequest('Username already in use');
    // Zulip's check_bot_name_available: no active account, human or bot, has exactly this name.
    const realmUsers = await this.users.listByRealm(caller.realm.id);
    if (realmUsers.some((user) => user.isActive && user.fullName === fullName))
      throw ChatError.badRequest('Name is already in use!');
    if (!CREATABLE_TYPES.has(command.botType)) throw ChatError.badRequest('Invalid bot type');
    if (!INTERFACES.has(command.interfaceType)) throw ChatError.badRequest('Invalid interface type');
    const outgoing = command.botType === BotType.OUTGOING_WEBHOOK;
    return this.outbox.run(async (tx) => {
      const { user, apiKey } = await this.accounts.create(tx, {
        realmId: caller.realm.id,
        email,
        fullName,
        role: UserRole.MEMBER,
        botType: command.botType as BotType,
        botOwnerId: caller.user.id,
      });
      if (outgoing) {
        const service = Object.assign(new BotServiceEntity(), {
          botUserId: user.id,
          realmId: caller.realm.id,
          name: shortName,
          baseUrl: command.payloadUrl,
          interface: command.interfaceType as BotInterface,
          tokenSealed: this.vault.seal(this.vault.generate()),
        });
        await this.botServices.insert(tx, service);
      }
      await publishChatEvent(tx, {
        realmId: caller.realm.id,
        userIds: await this.users.realmUserIds(caller.realm.id, tx),
        event: { type: 'realm_user', op: 'add', person: userRow(user) },
      });
      await this.lifecycle.userCreated(tx, user);
      return {
        user_id: user.id,
        api_key: apiKey,
        avatar_url: avatarUrl(user),
        default_sending_stream: null,
        default_events_register_stream: null,
        default_all_public_streams: false,
      };
    });
  }
}

// Zulip's bot domain: the realm's host.
