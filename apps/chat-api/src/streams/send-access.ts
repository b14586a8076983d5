import type { UnitOfWork } from '@platform/database';
import { ChatError } from '../core/http/chat.error.js';
import { UserRole, type UserEntity } from '../core/accounts/user.entity.js';
import type { StreamEntity } from './stream.entity.js';
import type { StreamsRepository } from './streams.repository.js';

// Who may send (or schedule) a message to a channel, as Zulip's access_stream_for_send_message
// decides: never to an archived channel; to a private channel (and, for a guest, to any channel)
// only as a subscriber, or as a bot whose owner is one. Administrators are no exception: they
// subscribe first.
export async function assertMaySendTo(
  streams: StreamsRepository,
  sender: UserEntity,
  stream: StreamEntity,
  unit?: UnitOfWork,
): Promise<void> {
  const refused = ChatError.badRequest(`Not authorized to send to channel '${stream.name}'`);
  if (stream.isArchived) throw refused;
  if (!stream.inviteOnly && sender.role !== UserRole.GUEST) return;
  const subscribed = async (userId: number) =>
    (await streams.subscription(userId, stream.id, unit))?.active === true;
  if (await subscribed(sender.id)) return;
  if (sender.botOwnerId !== null && (await subscribed(sender.botOwnerId))) return;
  throw refused;
}
