import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { ChatError } from '../core/http/chat.error.js';
import { isAdministrator } from '../core/http/permissions.js';
import { PrincipalResolver } from '../streams/principal-resolver.js';
import type { StreamEntity } from '../streams/stream.entity.js';
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
    const streams: StreamEntity[] = [];
    const missing: string[] = [];
    for (const name of names) {
      const stream = await this.streams.findByName(caller.realm.id, name.trim());
      if (stream) streams.push(stream);
      else missing.push(name.trim());
    }
    // Zulip's list_to_streams names every missing channel at once.
    if (missing.length > 0) throw ChatError.badRequest(`Channel(s) (${missing.join(', ')}) do not exist`);
    return this.outbox.run(async (tx) => {
      const removed: string[] = [];
      const notRemoved: string[] = [];
      const changes: SubscriptionChange[] = [];
      for (const stream of streams) {
        for (const user of users) {
          const subscription = await this.streams.subscription(user.id, stream.id, tx);
          if (!subscription?.active) {
            notRemoved.push(stream.name);
            continue;
          }
          await this.streams.deactivateSubscription(tx, user.id, stream.id);
          removed.push(stream.name);
          changes.push({ user, stream, subscription });
        }
      }
      await this.events.removed(tx, changes);
      return { removed, not_removed: notRemoved };
    });
  }
}
