import type { UnitOfWork } from '@platform/database';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { ChatError } from '../core/http/chat.error.js';
import { canSeeStream, historyAccess } from './stream-access.js';
import type { StreamEntity } from './stream.entity.js';
import type { StreamsRepository } from './streams.repository.js';
import type { SubscriptionEntity } from './subscription.entity.js';

export interface AccessedChannel {
  readonly stream: StreamEntity;
  // The caller's active subscription, if any.
  readonly subscription: SubscriptionEntity | null;
}

// Content access: subscribers, and everyone but guests for a public channel. Metadata access
// also lets administrators into private channels they are not in.
export type ChannelAccessNeed = 'content' | 'metadata';

// Zulip 11's access_stream_by_id: an active channel of the caller's realm the caller has the
// access it needs to; anything else, another realm's channel included, is "Invalid channel ID".
export async function accessChannelById(
  streams: StreamsRepository,
  caller: ChatCaller,
  streamId: number,
  need: ChannelAccessNeed,
  unit?: UnitOfWork,
): Promise<AccessedChannel> {
  const stream = await streams.findById(caller.realm.id, streamId, unit);
  const accessed = stream && (await checkAccess(streams, caller, stream, need, unit));
  if (!accessed) throw ChatError.badRequest('Invalid channel ID');
  return accessed;
}

// Zulip 11's access_stream_by_name (content access), found whatever the case, refused as
// "Invalid channel name '<name>'".
export async function accessChannelByName(
  streams: StreamsRepository,
  caller: ChatCaller,
  name: string,
  unit?: UnitOfWork,
): Promise<AccessedChannel> {
  const stream = await streams.findByName(caller.realm.id, name, unit);
  const accessed = stream && (await checkAccess(streams, caller, stream, 'content', unit));
  if (!accessed) throw ChatError.badRequest(`Invalid channel name '${name}'`);
  return accessed;
}

async function checkAccess(
  streams: StreamsRepository,
  caller: ChatCaller,
  stream: StreamEntity,
  need: ChannelAccessNeed,
  unit?: UnitOfWork,
): Promise<AccessedChannel | null> {
  if (stream.isArchived) return null;
  const row = await streams.subscription(caller.user.id, stream.id, unit);
  const subscription = row?.active ? row : null;
  const allowed =
    need === 'content'
      ? historyAccess(caller.user, stream, subscription !== null) !== 'none'
      : canSeeStream(caller.user, stream, subscription !== null);
  return allowed ? { stream, subscription } : null;
}
