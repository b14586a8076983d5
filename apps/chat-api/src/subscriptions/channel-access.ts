import type { UnitOfWork } from '@platform/database';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { ChatError } from '../core/http/chat.error.js';
import { canSeeStream, historyAccess } from '../streams/stream-access.js';
import type { StreamEntity } from '../streams/stream.entity.js';
import type { StreamsRepository } from '../streams/streams.repository.js';
import type { SubscriptionEntity } from '../streams/subscription.entity.js';

export interface AccessedChannel {
  readonly stream: StreamEntity;
  // The caller's active subscription, if any.
  readonly subscription: SubscriptionEntity | null;
}

// Zulip 11's access_stream_by_id: an active channel of the caller's realm that the caller may
// read (content access: subscribers, and everyone but guests for a public channel), or only see
// (metadata access, which also lets administrators into private channels they are not in).
// Anything else, another realm's channel included, is "Invalid channel ID".
export async function accessChannelById(
  streams: StreamsRepository,
  caller: ChatCaller,
  streamId: number,
  need: 'content' | 'metadata',
  unit?: UnitOfWork,
): Promise<AccessedChannel> {
  const stream = await streams.findById(caller.realm.id, streamId, unit);
  const row = stream ? await streams.subscription(caller.user.id, stream.id, unit) : null;
  const subscription = row?.active ? row : null;
  const allowed =
    stream !== null &&
    !stream.isArchived &&
    (need === 'content'
      ? historyAccess(caller.user, stream, subscription !== null) !== 'none'
      : canSeeStream(caller.user, stream, subscription !== null));
  if (!allowed) throw ChatError.badRequest('Invalid channel ID');
  return { stream, subscription };
}
