import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import { AccountLifecycle } from '../core/accounts/account-lifecycle.js';
import { AccountFactory } from '../users/account-factory.js';
import { BotType, UserRole } from '../core/accounts/user.entity.js';
import { RealmsRepository } from './realms.repository.js';

export interface CreateRealmCommand {
  readonly name: string;
  readonly ownerEmail: string;
  readonly ownerName: string;
  readonly ownerPassword?: string | undefined;
  readonly host?: string | undefined;
  // The origin the operator called, used as the realm URL when it has no host of its own.
  readonly origin: string;
}

export interface CreatedRealm {
  readonly realmId: number;
  readonly url: string;
  readonly owner: { readonly userId: number; readonly email: string; readonly apiKey: string };
}

export const NOTIFICATION_BOT_EMAIL = 'notification-bot@zulip.com';
export const NOTIFICATION_BOT_NAME = 'Notification Bot';

// The operator's bootstrap: an organization, its owner (API key shown once) and its
// Notification Bot, in one transaction.
@Injectable()
export class CreateRealmUseCase {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly lifecycle: AccountLifecycle,
    private readonly realms: RealmsRepository,
    private readonly accounts: AccountFactory,
  ) {}

  execute(command: CreateRealmCommand): Promise<CreatedRealm> {
    const host = command.host?.trim().toLowerCase() || null;
    return this.outbox.run(async (tx) => {
      const realm = await this.realms.insert(tx, {
        name: command.name,
        host,
        url: host ? `https://${host}` : command.origin,
        deactivated: false,
        notificationBotId: null,
      });
      const owner = await this.accounts.create(tx, {
        realmId: realm.id,
        email: command.ownerEmail,
        fullName: command.ownerName,
        role: UserRole.OWNER,
        password: command.ownerPassword,
      });
      const bot = await this.accounts.create(tx, {
        realmId: realm.id,
        email: NOTIFICATION_BOT_EMAIL,
        fullName: NOTIFICATION_BOT_NAME,
        role: UserRole.MEMBER,
        botType: BotType.GENERIC,
      });
      await this.realms.setNotificationBot(tx, realm.id, bot.user.id);
      // Nobody is listening to a realm this new: its creation events would reach no queue.
      await this.lifecycle.realmCreated(tx, realm);
      await this.lifecycle.userCreated(tx, owner.user);
      await this.lifecycle.userCreated(tx, bot.user);
      return {
        realmId: realm.id,
        url: realm.url,
        owner: { userId: owner.user.id, email: owner.user.email, apiKey: owner.apiKey },
      };
    });
  }
}
