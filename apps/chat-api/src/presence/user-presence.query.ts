import { Injectable } from '@nestjs/common';
import { Clock } from '@shared/util';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { ChatError } from '../core/http/chat.error.js';
import { UsersRepository } from '../users/users.repository.js';
import { legacyPresence, OFFLINE_THRESHOLD_SECONDS } from './presence-format.js';
import { UserPresenceRepository } from './user-presence.repository.js';

// Zulip's get_presence_backend (GET /users/{user_id_or_email}/presence): one active human's
// presence in the legacy format without `client` and `pushable`, `offline` once it is older
// than the offline threshold.
@Injectable()
export class UserPresenceQuery {
  constructor(
    private readonly users: UsersRepository,
    private readonly presences: UserPresenceRepository,
    private readonly clock: Clock,
  ) {}

  async read(caller: ChatCaller, userIdOrEmail: string) {
    // Digits are an id, anything else an email (Zulip tries int() first).
    const target = /^[0-9]+$/.test(userIdOrEmail)
      ? await this.users.findById(caller.realm.id, Number(userIdOrEmail))
      : await this.users.findByEmail(caller.realm.id, userIdOrEmail);
    if (!target || !target.isActive) throw ChatError.badRequest('No such user');
    if (target.botType !== null) throw ChatError.badRequest('Presence is not supported for bot users.');
    const row = await this.presences.userRow(caller.realm.id, target.id);
    if (!row) throw ChatError.badRequest(`No presence data for ${userIdOrEmail}`);
    const { aggregated, website } = legacyPresence(row);
    const age = Math.floor(this.clock.now().getTime() / 1000) - aggregated.timestamp;
    return {
      presence: {
        aggregated: {
          status: age > OFFLINE_THRESHOLD_SECONDS ? 'offline' : aggregated.status,
          timestamp: aggregated.timestamp,
        },
        website: { status: website.status, timestamp: website.timestamp },
      },
    };
  }
}
