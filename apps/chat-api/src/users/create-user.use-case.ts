import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { AccountLifecycle } from '../core/accounts/account-lifecycle.js';
import { publishChatEvent } from '../core/events/chat-event.publisher.js';
import { ChatError } from '../core/http/chat.error.js';
import { AccountFactory } from './account-factory.js';
import { checkFullName, isValidEmail } from './full-name.js';
import { userRow } from './user.presenter.js';
import { UserRole } from '../core/accounts/user.entity.js';
import { UsersRepository } from './users.repository.js';

export interface CreateUserCommand {
  readonly email: string;
  readonly password: string;
  readonly fullName: string;
}

const MIN_PASSWORD_LENGTH = 6;

// POST /users: an administrator creates a member account with a password.
@Injectable()
export class CreateUserUseCase {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly users: UsersRepository,
    private readonly accounts: AccountFactory,
    private readonly lifecycle: AccountLifecycle,
  ) {}

  async execute(caller: ChatCaller, command: CreateUserCommand): Promise<{ user_id: number }> {
    const fullName = checkFullName(command.fullName);
    if (!isValidEmail(command.email)) throw ChatError.badRequest('Bad name or username');
    if (await this.users.findByEmail(caller.realm.id, command.email))
      throw ChatError.badRequest(`Email '${command.email}' already in use`);
    if (command.password.length < MIN_PASSWORD_LENGTH)
      throw ChatError.badRequest('The password is too weak.');
    return this.outbox.run(async (tx) => {
      const created = await this.accounts.create(tx, {
        realmId: caller.realm.id,
        email: command.email,
        fullName,
        role: UserRole.MEMBER,
        password: command.password,
      });
      await publishChatEvent(tx, {
        realmId: caller.realm.id,
        userIds: await this.users.realmUserIds(caller.realm.id, tx),
        // Zulip's notify_created_user: a new human has no profile data yet.
        event: {
          type: 'realm_user',
          op: 'add',
          person: userRow(created.user, { includeCustomProfileFields: true }),
        },
      });
      await this.lifecycle.userCreated(tx, created.user);
      return { user_id: created.user.id };
    });
  }
}
