// Zulip's presence formats (zerver/lib/presence.py), from one user's presence times.

// Zulip's settings: a presence older than this is offline; an active time this close to the
// connected time still reads as active in the legacy format.
export const OFFLINE_THRESHOLD_SECONDS = 140;
const LEGACY_ACTIVITY_OFFSET_SECONDS = 70;

export interface PresenceTimes {
  // Null until first reported active: the date the user joined stands in, as in Zulip.
  readonly lastActiveTime: Date | null;
  readonly lastConnectedTime: Date;
  readonly dateJoined: Date;
}

export interface ModernPresence {
  readonly active_timestamp: number;
  readonly idle_timestamp: number;
}

export interface LegacyClientPresence {
  readonly client: 'website';
  readonly status: 'active' | 'idle';
  readonly timestamp: number;
  readonly pushable: false;
}

export interface LegacyPresence {
  readonly aggregated: Omit<LegacyClientPresence, 'pushable'>;
  readonly website: LegacyClientPresence;
}

function seconds(time: Date): number {
  return Math.floor(time.getTime() / 1000);
}

export function modernPresence(times: PresenceTimes): ModernPresence {
  return {
    active_timestamp: seconds(times.lastActiveTime ?? times.dateJoined),
    idle_timestamp: seconds(times.lastConnectedTime),
  };
}

// Zulip stopped recording which client reported presence (feature level 178): the one client
// is always "website", never pushable.
export function legacyClientPresence(times: PresenceTimes): LegacyClientPresence {
  const active = times.lastActiveTime ?? times.dateJoined;
  const stillActive =
    active.getTime() + LEGACY_ACTIVITY_OFFSET_SECONDS * 1000 >= times.lastConnectedTime.getTime();
  return stillActive
    ? { client: 'website', status: 'active', timestamp: seconds(active), pushable: false }
    : { client: 'website', status: 'idle', timestamp: seconds(times.lastConnectedTime), pushable: false };
}

export function legacyPresence(times: PresenceTimes): LegacyPresence {
  const website = legacyClientPresence(times);
  return {
    aggregated: { client: website.client, status: website.status, timestamp: website.timestamp },
    website,
  };
}
