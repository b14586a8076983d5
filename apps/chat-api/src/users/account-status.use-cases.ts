import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { ChatError, ChatErrorCode } from '../core/http/chat.error.js';
import { pathId } from '../core/http/path-id.js';
import { UserRole } from '../core/accounts/user.entity.js';
import { AccountChanges } from './account-changes.js';
import { AccountStatus } from './account-status.js';
import { UserAccess } from './user-access.js';
import { UsersRepository } from './users.repository.js';

// DELETE /users/{user_id}: Zulip's deactivate_user_backend (bots have DELETE /bots/{id}).
@Injectable()
export class DeactivateUserUseCase {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly access: UserAccess,
    private readonly changes: AccountChanges,
    private readonly status: AccountStatus,
  ) {}

  async execute(caller: ChatCaller, segment: string): Promise<Record<string, never>> {
    const target = await this.access.byId(caller, pathId(segment), { forAdmin: true });
    if (target.role === UserRole.OWNER && caller.user.role !== UserRole.OWNER)
      throw ChatError.ownerRequired();
    await this.outbox.run(async (tx) => {
      if (await this.changes.isOnlyOwner(tx, target))
        throw ChatError.badRequest('Cannot deactivate the only organization owner');
      await this.status.deactivate(tx, target);
    });
    return {};
  }
}

// DELETE /users/me: Zulip's deactivate_user_own_backend. The realm's Notification Bot does not
// count as another user (Zulip keeps its system bots in a realm of their own).
@Injectable()
export class DeactivateOwnUserUseCase {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly users: UsersRepository,
    private readonly changes: AccountChanges,
    private readonly status: AccountStatus,
  ) {}

  async execute({ user, realm }: ChatCaller): Promise<Record<string, never>> {
    await this.outbox.run(async (tx) => {
      const active = await this.users.realmUserIds(realm.id, tx);
      if (active.filter((id) => id !== realm.notificationBotId).length === 1) throw lastUser(false);
      if (await this.changes.isOnlyOwner(tx, user)) throw lastUser(true);
      await this.status.deactivate(tx, user);
    });
    return {};
  }
}

// Zulip's CannotDeactivateLastUserError, its data fields included.
function lastUser(isLastOwner: boolean): ChatError {
  const entity = isLastOwner ? 'organization owner' : 'user';
  return new ChatError(ChatErrorCode.CANNOT_DEACTIVATE_LAST_USER, `Cannot deactivate the only ${entity}.`, {
    is_last_owner: isLastOwner,
    entity,
  });
}

// POST /users/{user_id}/reactivate: Zulip's reactivate_user_backend, bots included.
@Injectable()
export class ReactivateUserUseCase {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly access: UserAccess,
    private readonly users: UsersRepository,
    private readonly status: AccountStatus,
  ) {}

  async execute(caller: ChatCaller, segment: string): Promise<Record<string, never>> {
    const target = await this.access.byId(caller, pathId(segment), {
      allowDeactivated: true,
      allowBots: true,
      forAdmin: true,
    });
    // Whoever may administer a bot here may also create one (every member may), so Zulip's
    // check_can_create_bot passes; its name check does not always.
    if (target.botType !== null) {
      const name = target.fullName.trim();
      const realmUsers = await this.users.listByRealm(caller.realm.id);
      if (realmUsers.some((user) => user.isActive && user.fullName === name))
        throw ChatError.badRequest(
          `There is already an active bot named "${target.fullName}" in this organization. To reactivate this bot, you must rename or deactivate the other one first.`,
        );
    }
    await this.outbox.run((tx) => this.status.reactivate(tx, target, caller.user));
    return {};
  }
}
