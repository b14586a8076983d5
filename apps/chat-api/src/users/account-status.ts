import { Injectable } from '@nestjs/common';
import { AccountLifecycle } from '../core/accounts/account-lifecycle.js';
import type { UserEntity } from '../core/accounts/user.entity.js';
import type { ChatTransaction } from '../core/events/chat-event.publisher.js';
import { isAdministrator } from '../core/http/permissions.js';
import { RealmUserEvents } from './realm-user-events.js';
import { UsersRepository } from './users.repository.js';

// Zulip's do_deactivate_user and do_reactivate_user, inside the caller's transaction, for the
// API (DELETE /users/{id}, POST /users/{id}/reactivate) and the operator's routes alike. Stream
// subscriptions stay, as in Zulip; who reacts further (groups…) listens to AccountLifecycle.
@Injectable()
export class AccountStatus {
  constructor(
    private readonly users: UsersRepository,
    private readonly events: RealmUserEvents,
    private readonly lifecycle: AccountLifecycle,
  ) {}

  async deactivate(tx: ChatTransaction, target: UserEntity): Promise<void> {
    const realmId = target.realmId;
    // A human's bots go first, each announced while its owner is still active.
    const bots = target.botType === null ? await this.users.activeBotsOwnedBy(realmId, target.id, tx) : [];
    const botAudience = await this.users.humanAdministratorIds(
      realmId,
      target.botType === null ? target.id : target.botOwnerId,
      tx,
    );
    let stillActive = await this.users.realmUserIds(realmId, tx);
    await this.users.setActive(tx, realmId, [...bots.map((bot) => bot.id), target.id], false);
    for (const account of [...bots, target]) {
      account.isActive = false;
      stillActive = stillActive.filter((id) => id !== account.id);
      await this.events.update(tx, realmId, { user_id: account.id, is_active: false }, stillActive);
      if (account.botType !== null)
        await this.events.updateBot(tx, account, { is_active: false }, botAudience);
      await this.lifecycle.userDeactivated(tx, account);
    }
  }

  // `actor`, an administrator reactivating a bot whose owner is gone, becomes its owner (Zulip);
  // the operator (null) leaves the owner as it is.
  async reactivate(tx: ChatTransaction, target: UserEntity, actor: UserEntity | null): Promise<void> {
    await this.users.setActive(tx, target.realmId, [target.id], true);
    target.isActive = true;
    const previousOwner = await this.ownerToReplace(tx, target, actor);
    if (previousOwner && actor) {
      await this.users.update(tx, target.realmId, target.id, { botOwnerId: actor.id });
      target.botOwnerId = actor.id;
    }
    await this.events.update(tx, target.realmId, { user_id: target.id, is_active: true });
    if (target.botType === null) {
      // Zulip tells administrators whether the returning user consents to private data export;
      // nobody here has consented (allow_private_data_export is false for every account).
      await this.events.publish(
        tx,
        target.realmId,
        await this.users.humanAdministratorIds(target.realmId, null, tx),
        {
          type: 'realm_export_consent',
          user_id: target.id,
          consented: false,
        },
      );
    } else {
      await this.events.updateBot(tx, target, { is_active: true });
      if (previousOwner && actor) await this.announceNewOwner(tx, target, actor, previousOwner);
    }
    await this.lifecycle.userReactivated(tx, target);
  }

  private async ownerToReplace(tx: ChatTransaction, bot: UserEntity, actor: UserEntity | null) {
    if (bot.botType === null || bot.botOwnerId === null || actor === null) return null;
    const owner = await this.users.findById(bot.realmId, bot.botOwnerId, tx);
    return owner && !owner.isActive ? owner : null;
  }

  // Zulip's send_bot_owner_update_events for a new owner who administers the realm (only an
  // administrator reactivates a bot whose owner is deactivated): the previous owner, unless an
  // administrator, drops the bot; the others learn its owner.
  private async announceNewOwner(
    tx: ChatTransaction,
    bot: UserEntity,
    owner: UserEntity,
    previous: UserEntity,
  ) {
    const previousKeepsIt = isAdministrator(previous);
    if (!previousKeepsIt)
      await this.events.publish(tx, bot.realmId, [previous.id], {
        type: 'realm_bot',
        op: 'delete',
        bot: { user_id: bot.id },
      });
    const audience = await this.users.humanAdministratorIds(bot.realmId, owner.id, tx);
    await this.events.updateBot(
      tx,
      bot,
      { owner_id: owner.id },
      audience.filter((id) => previousKeepsIt || id !== previous.id),
    );
    await this.events.update(tx, bot.realmId, { user_id: bot.id, bot_owner_id: owner.id });
  }
}
