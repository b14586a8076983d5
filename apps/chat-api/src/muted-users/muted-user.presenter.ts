import { unixSeconds } from '../core/http/python-isoformat.js';
import type { MutedUserEntity } from './muted-user.entity.js';

// `muted_users` as POST /register and the muted_users event list them.
export function mutedUserRows(mutes: readonly MutedUserEntity[]) {
  return mutes.map((mute) => ({ id: mute.mutedUserId, timestamp: unixSeconds(mute.dateMuted) }));
}
