import type { UserEntity } from '../core/accounts/user.entity.js';
import { isAdministrator } from '../core/http/permissions.js';
import { UserRole } from '../core/accounts/user.entity.js';
import type { StreamEntity } from './stream.entity.js';

// Zulip's channel rules. Public channels: everyone but guests sees them and their whole history.
// Private channels: subscribers see them (administrators see their metadata too); with shared
// history a subscriber reads everything, with protected history only what arrived while they
// were subscribed (their own user_message rows).
export function canSeeStream(user: UserEntity, stream: StreamEntity, subscribed: boolean): boolean {
  if (subscribed) return true;
  if (stream.inviteOnly) return isAdministrator(user);
  return user.role !== UserRole.GUEST;
}

export type HistoryAccess = 'all' | 'own-copies' | 'none';

export function historyAccess(user: UserEntity, stream: StreamEntity, subscribed: boolean): HistoryAccess {
  if (!stream.inviteOnly) return subscribed || user.role !== UserRole.GUEST ? 'all' : 'none';
  if (!subscribed) return 'none';
  return stream.historyPublicToSubscribers ? 'all' : 'own-copies';
}
