import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '@shared/util';
import type { ChatCaller } from '../auth/chat-caller.js';
import { ChatError } from '../request/chat.error.js';
import type { UserEntity } from '../users/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';
import { MutedUsersRepository } from './muted-users.repository.js';

// Zulip's user muting: any account of the realm (bots and deactivated users included) but
// oneself. Muting marks what the muted user already sent as read for the muter; what they send
// later arrives read (send-message consults the mutes).
@Injectable()
export class MuteUsersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly mutes: MutedUsersRepository,
    private readonly clock: Clock,
  ) {}

  async mute(caller: ChatCaller, mutedUserId: number): Promise<Record<string, never>> {
    if (mutedUserId === caller.user.id) throw ChatError.badRequest('Cannot mute self');
    const muted = await this.target(caller, mutedUserId);
    await this.dataSource.transaction(async (manager) => {
      const added = await this.mutes.insert(manager, {
        userId: caller.user.id,
        mutedUserId: muted.id,
        realmId: caller.realm.id,
        dateMuted: this.clock.now(),
      });
      if (!added) throw ChatError.badRequest('User already muted');
      await this.mutes.markSenderRead(manager, caller.user.id, muted.id);
    });
    return {};
  }

  async unmute(caller: ChatCaller, mutedUserId: number): Promise<Record<string, never>> {
    const muted = await this.target(caller, mutedUserId);
    await this.dataSource.transaction(async (manager) => {
      const removed = await this.mutes.delete(manager, caller.realm.id, caller.user.id, muted.id);
      if (!removed) throw ChatError.badRequest('User is not muted');
    });
    return {};
  }

  private async target(caller: ChatCaller, userId: number): Promise<UserEntity> {
    const user = await this.users.findById(caller.realm.id, userId);
    if (!user) throw ChatError.badRequest('No such user');
    return user;
  }
}
