import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { ChatError } from '../core/http/chat.error.js';
import { isAdministrator } from '../core/http/permissions.js';
import { UserRole } from '../core/accounts/user.entity.js';
import { type ProfileDataEntry, ProfileData } from '../custom-profile-fields/profile-data.service.js';
import { AccountChanges } from './account-changes.js';
import { isValidEmail } from './full-name.js';
import { UserAccess } from './user-access.js';
import { UserSpecialPermissionsRepository } from './user-special-permissions.repository.js';

export interface UpdateUserCommand {
  readonly fullName?: string | undefined;
  readonly newEmail?: string | undefined;
  readonly profileData?: readonly ProfileDataEntry[] | undefined;
  readonly role?: number | undefined;
}

const ROLES = new Set<number>(Object.values(UserRole).filter((value) => typeof value === 'number'));

// PATCH /users/{user_id} and /users/{email}: Zulip's update_user_backend, one transaction for
// every change, its refusals in Zulip's order.
@Injectable()
export class UpdateUserUseCase {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly access: UserAccess,
    private readonly changes: AccountChanges,
    private readonly permissions: UserSpecialPermissionsRepository,
    private readonly profileData: ProfileData,
  ) {}

  async execute(
    caller: ChatCaller,
    idOrEmail: string,
    command: UpdateUserCommand,
  ): Promise<Record<string, never>> {
    // Zulip validates role with the parameters, before looking the user up; since Zulip 10 its
    // check_int_in_validator refusal is a pydantic value error.
    const role = command.role;
    if (role !== undefined && !ROLES.has(role))
      throw ChatError.badRequest('Invalid role: Value error, Not in the list of possible values');
    const target = await this.access.bySegment(caller, idOrEmail, {
      allowDeactivated: true,
      allowBots: true,
      forAdmin: true,
    });
    // The spec (and Zulip's documentation) give address changes to owners holding the
    // operator-granted can_change_user_emails permission.
    if (
      command.newEmail !== undefined &&
      (caller.user.role !== UserRole.OWNER ||
        !(await this.permissions.canChangeUserEmails(caller.realm.id, caller.user.id)))
    )
      throw ChatError.badRequest('User not authorized to change user emails');
    if (role !== undefined && role !== target.role) {
      if ((role === UserRole.OWNER || target.role === UserRole.OWNER) && caller.user.role !== UserRole.OWNER)
        throw ChatError.ownerRequired();
      // A bot's owner reaches this far without being an administrator.
      if (!isAdministrator(caller.user)) throw ChatError.administratorRequired();
    }
    await this.outbox.run(async (tx) => {
      if (role !== undefined && role !== target.role) await this.changes.changeRole(tx, target, role);
      // Zulip ignores a blank name, and a name equal to the current one.
      const name = command.fullName;
      if (name !== undefined && name !== target.fullName && name.trim() !== '')
        await this.changes.changeFullName(tx, target, name);
      const newEmail = command.newEmail;
      if (newEmail !== undefined && newEmail !== target.email) {
        if (!isValidEmail(newEmail)) throw ChatError.badRequest('Invalid new email address.');
        await this.changes.changeEmail(tx, target, newEmail);
      }
      // Custom profile fields last, as Zulip's update_user_backend: empty values clear theirs.
      if (command.profileData !== undefined)
        await this.profileData.apply(tx, caller.user, target, command.profileData);
    });
    return {};
  }
}
