import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { ChatError } from '../core/http/chat.error.js';
import { isAdministrator } from '../core/http/permissions.js';
import { PrincipalResolver } from '../streams/principal-resolver.js';
import { StreamsRepository } from '../streams/streams.repository.js';
import { type SubscriptionChange, SubscriptionEvents } from './subscription-events.js';

// DELETE /users/me/subscriptions: unsubscribes the caller (or their bots), or (administrators)
// `principals`.
@Injectable()
export class UnsubscribeUseCase {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly streams: StreamsRepository,
    private readonly principals: PrincipalResolver,
    private readonly events: SubscriptionEvents,
  ) {}

  async execute(
    caller: ChatCaller,
    names: readonly string[],
    principals: ReadonlyArray<string | number> | undefined,
  ) {
    const users = await this.principals.resolve(caller, principals);
    // Zulip's user_directly_controls_user: oneself and one's own bots need no permission.
    const others = users.some((user) => user.id !== caller.user.id && user.botOwnerId !== caller.user.id);
    if (others && !isAdministrator(caller.user)) throw ChatError.badRequest('Insufficient permission');
    const found = new Map(
      (await this.streams.findManyByNames(caller.realm.id, names)).map((stream) => [stream.nameKey, stream]),
    );
    const streams = [...new Set(names.map((name) => name.trim().toLowerCase()))].flatMap((key) => {
      const stream = found.get(key);
      return stream ? [stream] : [];
    });
    const missing = names.map((name) => name.trim()).filter((name) => !found.has(name.toLowerCase()));
    // Zulip's list_to_streams names every missing channel at once.
    if (missing.length > 0) throw ChatError.badRequest(`Channel(s) (${missing.join(', ')}) do not exist`);
    // Three statements whatever the number of channels and users.
    return this.outbox.run(async (tx) => {
      const rows = await this.streams.subscriptionsOf(
        users.map((user) => user.id),
        streams.map((stream) => stream.id),
        tx,
      );
      const active = new Map(
        rows.filter((row) => row.active).map((row) => [`${row.userId}:${row.streamId}`, row]),
      );
      const removed: string[] = [];
      const notRemoved: string[] = [];
      const changes: SubscriptionChange[] = [];
      for (const stream of streams) {
        for (const user of users) {
          const subscription = active.get(`${user.id}:${stream.id}`);
          if (!subscription) {
            notRemoved.push(stream.name);
            continue;
          }
          removed.push(stream.name);
          changes.push({ user, stream, subscription });
        }
      }
      await this.streams.deactivateSubscriptions(
        tx,
        changes.map(({ user, stream }) => ({ userId: user.id, streamId: stream.id })),
      );
      await this.events.removed(tx, changes);
      return { removed, not_removed: notRemoved };
    });
  }
}
