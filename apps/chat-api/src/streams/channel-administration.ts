import { ChatError } from '../core/http/chat.error.js';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { isAdministrator } from '../core/http/permissions.js';
import { historyAccess } from './stream-access.js';
import type { StreamEntity } from './stream.entity.js';
import type { StreamsRepository } from './streams.repository.js';

export interface AdministeredChannel {
  readonly stream: StreamEntity;
  readonly subscribed: boolean;
}

// Zulip 11's access_stream_for_delete_or_update_requiring_metadata_access: administrators may,
// and whoever administers the channel (its can_administer_channel_group, by default its
// creator); archived channels too. Only someone who reads the channel learns that it exists.
export async function administeredChannel(
  streams: StreamsRepository,
  caller: ChatCaller,
  streamId: number,
): Promise<AdministeredChannel> {
  const stream = await streams.findById(caller.realm.id, streamId);
  if (!stream) throw ChatError.badRequest('Invalid channel ID');
  const subscribed = (await streams.subscription(caller.user.id, stream.id))?.active === true;
  if (isAdministrator(caller.user) || stream.creatorId === caller.user.id) return { stream, subscribed };
  if (historyAccess(caller.user, stream, subscribed) === 'none')
    throw ChatError.badRequest('Invalid channel ID');
  throw ChatError.badRequest('You do not have permission to administer this channel.');
}
