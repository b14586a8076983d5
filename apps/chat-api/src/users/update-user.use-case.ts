import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { type ChatTransaction, publishChatEvent } from '../core/events/chat-event.publisher.js';
import { ChatError } from '../core/http/chat.error.js';
import { checkFullName } from './full-name.js';
import { UserRole } from '../core/accounts/user.entity.js';
import { AccountLifecycle } from '../core/accounts/account-lifecycle.js';
import { UsersRepository } from './users.repository.js';

export interface UpdateUserCommand {
  readonly fullName?: string | undefined;
  readonly role?: number | undefined;
}

const ROLES = new Set<number>(Object.values(UserRole).filter((value) => typeof value === 'number'));

// PATCH /users/{user_id} and /users/{email} (administrators): name and role, with Zulip's owner rules.
@Injectable()
export class UpdateUserUseCase {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly users: UsersRepository,
    private readonly lifecycle: AccountLifecycle,
  ) {}

  async execute(
    caller: ChatCaller,
    idOrEmail: string,
    command: UpdateUserCommand,
  ): Promise<Record<string, never>> {
    // Zulip validates role with the parameters, before looking the user up; the name is checked
    // after the role rules.
    const role = command.role;
    if (role !== undefined && !ROLES.has(role)) throw ChatError.badRequest('Invalid role');
    const target = await this.users.findByIdOrEmail(caller.realm.id, idOrEmail);
    if (!target) throw ChatError.badRequest('No such user');
    const changesRole = role !== undefined && role !== target.role;
    if (
      changesRole &&
      (role === UserRole.OWNER || target.role === UserRole.OWNER) &&
      caller.user.role !== UserRole.OWNER
    )
      throw ChatError.ownerRequired();
    await this.outbox.run(async (tx) => {
      if (changesRole) {
        if (target.role === UserRole.OWNER && (await this.isOnlyOwner(tx, caller.realm.id, target.id)))
          throw ChatError.badRequest(
            'The owner permission cannot be removed from the only organization owner.',
          );
        await this.users.update(tx, caller.realm.id, target.id, { role });
        await this.announce(tx, caller, { user_id: target.id, role });
        const previousRole = target.role;
        target.role = role;
        await this.lifecycle.roleChanged(tx, target, previousRole);
      }
      // Zulip ignores a blank name, and a name equal to the current one.
      const name = command.fullName;
      const fullName =
        name !== undefined && name.trim() !== '' && name !== target.fullName
          ? checkFullName(name)
          : undefined;
      if (fullName !== undefined) {
        await this.users.update(tx, caller.realm.id, target.id, { fullName });
        await this.announce(tx, caller, { user_id: target.id, full_name: fullName });
      }
    });
    return {};
  }

  private async announce(
    tx: ChatTransaction,
    caller: ChatCaller,
    person: Record<string, unknown>,
  ): Promise<void> {
    await publishChatEvent(tx, {
      realmId: caller.realm.id,
      userIds: await this.users.realmUserIds(caller.realm.id, tx.manager),
      event: { type: 'realm_user', op: 'update', person },
    });
  }

  // Read inside the change's transaction: a second connection would wait on it (and on embedded
  // PostgreSQL never return).
  private async isOnlyOwner(tx: ChatTransaction, realmId: number, userId: number): Promise<boolean> {
    const owners = (await this.users.listByRealm(realmId, tx.manager)).filter(
      (user) => user.role === UserRole.OWNER && user.isActive && user.botType === null,
    );
    return owners.length === 1 && owners[0]!.id === userId;
  }
}
