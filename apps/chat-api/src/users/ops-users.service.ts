import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import { type UserEntity, UserRole } from '../core/accounts/user.entity.js';
import { AccountChanges } from './account-changes.js';
import { AccountStatus } from './account-status.js';
import { ApiKeyVault } from './api-key-vault.js';
import type { RoleName, UpdateOpsUserRequestDto } from './ops-users.request.dto.js';
import type {
  OpsApiKeyResponseDto,
  OpsUserListResponseDto,
  OpsUserResponseDto,
} from './ops-users.response.dto.js';
import { RealmUserEvents } from './realm-user-events.js';
import { UserSpecialPermissionsRepository } from './user-special-permissions.repository.js';
import { UsersRepository } from './users.repository.js';

const ROLE_BY_NAME: Readonly<Record<RoleName, UserRole>> = {
  owner: UserRole.OWNER,
  administrator: UserRole.ADMINISTRATOR,
  moderator: UserRole.MODERATOR,
  member: UserRole.MEMBER,
  guest: UserRole.GUEST,
};
const NAME_BY_ROLE = new Map(
  Object.entries(ROLE_BY_NAME).map(([name, role]) => [role, name as RoleName] as const),
);

// The operator's account actions (Zulip's management commands change_user_role,
// deactivate_user, reactivate_user and the API key reset), announced to clients like the API's.
// The organization's safety rules hold here too: its only owner stays an active owner.
@Injectable()
export class OpsUsersService {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly users: UsersRepository,
    private readonly permissions: UserSpecialPermissionsRepository,
    private readonly changes: AccountChanges,
    private readonly status: AccountStatus,
    private readonly events: RealmUserEvents,
    private readonly vault: ApiKeyVault,
  ) {}

  // The realm's accounts but its Notification Bot (a system bot, no operator business either).
  async list(realmId: number): Promise<OpsUserListResponseDto> {
    const systemBotId = await this.systemBotId(realmId);
    const users = await this.users.listByRealm(realmId);
    return { users: users.filter((user) => user.id !== systemBotId).map((user) => this.view(user)) };
  }

  async update(realmId: number, segment: string, body: UpdateOpsUserRequestDto): Promise<OpsUserResponseDto> {
    const target = await this.target(realmId, segment);
    await this.outbox.run(async (tx) => {
      const role = body.role === undefined ? undefined : ROLE_BY_NAME[body.role];
      if (role !== undefined && role !== target.role) {
        if (await this.changes.isOnlyOwner(tx, target))
          throw new BadRequestException(
            'The owner permission cannot be removed from the only organization owner.',
          );
        await this.changes.changeRole(tx, target, role);
      }
      if (body.canChangeUserEmails !== undefined)
        await this.permissions.setCanChangeUserEmails(tx, realmId, target.id, body.canChangeUserEmails);
    });
    return this.view(target, await this.permissions.canChangeUserEmails(realmId, target.id));
  }

  async deactivate(realmId: number, segment: string): Promise<OpsUserResponseDto> {
    const target = await this.target(realmId, segment);
    if (!target.isActive) throw new BadRequestException('User is already deactivated');
    await this.outbox.run(async (tx) => {
      if (await this.changes.isOnlyOwner(tx, target))
        throw new BadRequestException('Cannot deactivate the only organization owner');
      await this.status.deactivate(tx, target);
    });
    return this.view(target);
  }

  async reactivate(realmId: number, segment: string): Promise<OpsUserResponseDto> {
    const target = await this.target(realmId, segment);
    if (target.isActive) throw new BadRequestException('User is already active');
    await this.outbox.run((tx) => this.status.reactivate(tx, target, null));
    return this.view(target);
  }

  // A new API key: the old one stops working at once. Shown only in this answer.
  async resetApiKey(realmId: number, segment: string): Promise<OpsApiKeyResponseDto> {
    const target = await this.target(realmId, segment);
    const apiKey = this.vault.generate();
    await this.outbox.run(async (tx) => {
      await this.users.update(tx, realmId, target.id, {
        apiKeyHash: this.vault.hash(apiKey),
        apiKeySealed: this.vault.seal(apiKey),
      });
      if (target.botType !== null) await this.events.updateBot(tx, target, { api_key: apiKey });
    });
    return { userId: target.id, email: target.email, apiKey };
  }

  // By id or by email, within the realm.
  private async target(realmId: number, segment: string): Promise<UserEntity> {
    const systemBotId = await this.systemBotId(realmId);
    const user = /^[0-9]+$/.test(segment)
      ? await this.users.findById(realmId, Number(segment))
      : await this.users.findByEmail(realmId, segment);
    if (!user || user.id === systemBotId) throw new NotFoundException('No such user');
    return user;
  }

  private async systemBotId(realmId: number): Promise<number | null> {
    const botId = await this.users.realmSystemBotId(realmId);
    if (botId === undefined) throw new NotFoundException('No such realm');
    return botId;
  }

  private view(user: UserEntity, canChangeUserEmails?: boolean): OpsUserResponseDto {
    return {
      userId: user.id,
      email: user.email,
      fullName: user.fullName,
      role: NAME_BY_ROLE.get(user.role)!,
      isActive: user.isActive,
      isBot: user.botType !== null,
      ...(canChangeUserEmails === undefined ? {} : { canChangeUserEmails }),
    };
  }
}
