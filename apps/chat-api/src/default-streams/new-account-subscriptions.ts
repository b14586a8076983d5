import { Injectable } from '@nestjs/common';
import { type AccountLifecycleListener, ListensToAccounts } from '../core/accounts/account-lifecycle.js';
import type { ChatTransaction } from '../core/events/chat-event.publisher.js';
import type { UserEntity } from '../core/accounts/user.entity.js';
import { subscriptionColor } from '../streams/stream-name.js';
import { StreamsRepository } from '../streams/streams.repository.js';
import { SubscriptionEntity } from '../streams/subscription.entity.js';
import { SubscriptionEvents } from '../subscriptions/subscription-events.js';
import { DefaultStreamsRepository } from './default-streams.repository.js';

// Zulip's process_new_human_user: a new human account (bots are not) joins the realm's default
// channels, in the transaction that creates it.
@Injectable()
@ListensToAccounts()
export class NewAccountSubscriptions implements AccountLifecycleListener {
  constructor(
    private readonly defaults: DefaultStreamsRepository,
    private readonly streams: StreamsRepository,
    private readonly events: SubscriptionEvents,
  ) {}

  async userCreated(tx: ChatTransaction, user: UserEntity): Promise<void> {
    if (user.botType !== null) return;
    const ids = await this.defaults.streamIds(user.realmId, tx);
    const streams = await this.streams.findManyByIds(user.realmId, ids, tx);
    const changes = streams.map((stream) => ({
      user,
      stream,
      subscription: Object.assign(new SubscriptionEntity(), {
        userId: user.id,
        streamId: stream.id,
        realmId: user.realmId,
        active: true,
        color: subscriptionColor(stream.id),
        isMuted: false,
        pinToTop: false,
      }),
    }));
    await this.streams.insertSubscriptions(
      tx,
      changes.map((change) => change.subscription),
    );
    await this.events.addedAtCreation(tx, changes);
  }
}
