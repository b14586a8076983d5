import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ChatCaller } from '../auth/chat-caller.js';
import { ChatError } from '../request/chat.error.js';
import { AccountFactory } from './account-factory.js';
import { checkFullName, isValidEmail } from './full-name.js';
import { UserRole } from './user.entity.js';
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
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly accounts: AccountFactory,
  ) {}

  async execute(caller: ChatCaller, command: CreateUserCommand): Promise<{ user_id: number }> {
    const fullName = checkFullName(command.fullName);
    if (!isValidEmail(command.email)) throw ChatError.badRequest('Bad name or username');
    if (await this.users.findByEmail(caller.realm.id, command.email))
      throw ChatError.badRequest(`Email '${command.email}' already in use`);
    if (command.password.length < MIN_PASSWORD_LENGTH)
      throw ChatError.badRequest('The password is too weak.');
    const created = await this.dataSource.transaction((manager) =>
      this.accounts.create(manager, {
        realmId: caller.realm.id,
        email: command.email,
        fullName,
        role: UserRole.MEMBER,
        password: command.password,
      }),
    );
    return { user_id: created.user.id };
  }
}
