import { Injectable } from '@nestjs/common';
import { Clock } from '@shared/util';
import { legacyPresence, modernPresence } from './presence-format.js';
import { UserPresenceRepository } from './user-presence.repository.js';

export interface RealmPresenceQuery {
  // The modern format, keyed by user id (else the legacy one, keyed by email).
  readonly modern: boolean;
  readonly lastUpdateId: number | null;
  readonly historyLimitDays: number | null;
}

// Zulip's default history window when a client names none.
const DEFAULT_HISTORY_DAYS = 14;
const DAY_MS = 86_400_000;
// Beyond these a count of days or an update id only means "everything" or "nothing": kept in
// range, they never reach a Date or an int column out of range.
const MAX_HISTORY_DAYS = 1_000_000;
const MAX_UPDATE_ID = 2_147_483_647;

// Zulip's get_presence_response: the realm's presences a client asks for, the newest update id
// among them (else the client's own, else -1) and the server's time.
@Injectable()
export class PresenceReader {
  constructor(
    private readonly presences: UserPresenceRepository,
    private readonly clock: Clock,
  ) {}

  async realm(realmId: number, query: RealmPresenceQuery) {
    const serverTimestamp = this.clock.now().getTime() / 1000;
    const rows =
      query.historyLimitDays === 0 ? [] : await this.presences.realmRows(realmId, this.window(query));
    const presences = Object.fromEntries(
      rows.map((row) =>
        query.modern ? [String(row.userId), modernPresence(row)] : [row.email, legacyPresence(row)],
      ),
    );
    const newest = rows.length > 0 ? Math.max(...rows.map((row) => row.lastUpdateId)) : null;
    return {
      presences,
      server_timestamp: serverTimestamp,
      presence_last_update_id: newest ?? query.lastUpdateId ?? -1,
    };
  }

  // A client that already holds some presence data (an id above 0) gets every change since,
  // however old; otherwise the history window applies too.
  private window(query: RealmPresenceQuery) {
    const afterUpdateId =
      query.lastUpdateId === null ? null : Math.max(-1, Math.min(query.lastUpdateId, MAX_UPDATE_ID));
    if (query.lastUpdateId !== null && query.lastUpdateId > 0) return { afterUpdateId, connectedSince: null };
    const days = Math.max(
      -MAX_HISTORY_DAYS,
      Math.min(query.historyLimitDays ?? DEFAULT_HISTORY_DAYS, MAX_HISTORY_DAYS),
    );
    return { afterUpdateId, connectedSince: new Date(this.clock.now().getTime() - days * DAY_MS) };
  }
}
