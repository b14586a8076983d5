import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import { Clock } from '@shared/util';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { type ChatTransaction, publishChatEvent } from '../core/events/chat-event.publisher.js';
import { ChatError } from '../core/http/chat.error.js';
import { UsersRepository } from '../users/users.repository.js';
import { legacyClientPresence, modernPresence, OFFLINE_THRESHOLD_SECONDS } from './presence-format.js';
import { type PresenceWrite, UserPresenceRepository } from './user-presence.repository.js';

export type PresenceStatus = 'active' | 'idle';

// Zulip's UserPresence.status_from_string.
export function presenceStatus(status: string): PresenceStatus {
  if (status === 'active' || status === 'idle') return status;
  throw ChatError.badRequest(`Invalid status: ${status}`);
}

// Zulip's settings: clients report every minute; a report within 55 s of the stored time
// changes nothing (several open windows would otherwise write several times a minute).
const PING_INTERVAL_SECONDS = 60;
const MIN_UPDATE_SECONDS = 55;
// Beyond this many active users Zulip stops announcing who came online: each announcement goes
// to everyone, and everyone comes online, so the work grows with the square of the realm.
const MAX_USERS_FOR_PRESENCE_EVENTS = 100;
// A user not active for this long is treated as coming back online (so clients hear of it at
// once rather than at their next poll).
const NEWLY_ONLINE_MS = (OFFLINE_THRESHOLD_SECONDS - PING_INTERVAL_SECONDS - 10) * 1000;
// A user never seen counts as away this long.
const NEVER_SEEN_MS = 86_400_000;

// Zulip's do_update_user_presence: records the report and, when the user appears or comes back
// online, announces it to the realm (the `presence` event every queue shapes to its format).
@Injectable()
export class UpdatePresenceUseCase {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly presences: UserPresenceRepository,
    private readonly users: UsersRepository,
    private readonly clock: Clock,
  ) {}

  async execute(caller: ChatCaller, status: PresenceStatus): Promise<void> {
    const now = this.clock.now();
    await this.outbox.run(async (tx) => {
      const stored = await this.presences.lockOwn(tx, caller.user.id);
      const since = (time: Date | null | undefined) =>
        time ? now.getTime() - time.getTime() : NEVER_SEEN_MS;
      const becameOnline = status === 'active' && since(stored?.lastActiveTime) > NEWLY_ONLINE_MS;
      const next = stored ? this.refreshed(stored, status, now) : this.created(caller, status, now);
      if (next === null) return;
      // Read before the write: the write takes the realm's sequence lock, held until commit.
      const audience =
        stored === null || becameOnline ? await this.users.realmUserIds(caller.realm.id, tx) : [];
      const written = await this.presences.write(tx, next, stored === null);
      if (written && audience.length <= MAX_USERS_FOR_PRESENCE_EVENTS)
        await this.announce(tx, caller, next, audience);
    });
  }

  private created(caller: ChatCaller, status: PresenceStatus, now: Date): PresenceWrite {
    return {
      userId: caller.user.id,
      realmId: caller.realm.id,
      lastActiveTime: status === 'active' ? now : null,
      lastConnectedTime: now,
    };
  }

  // The stored times moved to now where the report is newer by enough, or null when it is not.
  private refreshed(stored: PresenceWrite, status: PresenceStatus, now: Date): PresenceWrite | null {
    const stale = (time: Date | null) => !time || now.getTime() - time.getTime() > MIN_UPDATE_SECONDS * 1000;
    const connected = stale(stored.lastConnectedTime);
    const active = status === 'active' && stale(stored.lastActiveTime);
    if (!connected && !active) return null;
    return {
      ...stored,
      lastActiveTime: active ? now : stored.lastActiveTime,
      // Never behind the active time.
      lastConnectedTime:
        connected || (active && now > stored.lastConnectedTime) ? now : stored.lastConnectedTime,
    };
  }

  private announce(tx: ChatTransaction, caller: ChatCaller, presence: PresenceWrite, userIds: number[]) {
    const times = { ...presence, dateJoined: caller.user.dateJoined };
    const legacy = legacyClientPresence(times);
    return publishChatEvent(tx, {
      realmId: caller.realm.id,
      userIds,
      event: {
        type: 'presence',
        user_id: caller.user.id,
        email: caller.user.email,
        server_timestamp: this.clock.now().getTime() / 1000,
        // Both formats travel; each queue keeps the one its client asked for (presence-events).
        legacy_presence: { [legacy.client]: legacy },
        modern_presence: modernPresence(times),
      },
    });
  }
}
