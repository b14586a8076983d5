import { Injectable } from '@nestjs/common';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { ChatError } from '../core/http/chat.error.js';
import type { UserEntity } from '../core/accounts/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';

// `principals` of the subscription endpoints: user ids or emails of the caller's realm; absent
// means the caller.
@Injectable()
export class PrincipalResolver {
  constructor(private readonly users: UsersRepository) {}

  async resolve(
    caller: ChatCaller,
    principals: ReadonlyArray<string | number> | undefined,
  ): Promise<UserEntity[]> {
    if (principals === undefined) return [caller.user];
    const found: UserEntity[] = [];
    for (const principal of principals) {
      const user =
        typeof principal === 'number'
          ? await this.users.findById(caller.realm.id, principal)
          : await this.users.findByEmail(caller.realm.id, principal);
      if (!user || !user.isActive) throw ChatError.badRequest('No such user');
      if (!found.some((other) => other.id === user.id)) found.push(user);
    }
    return found;
  }
}
