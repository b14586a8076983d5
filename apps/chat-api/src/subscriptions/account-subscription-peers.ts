import { Injectable } from '@nestjs/common';
import { type AccountLifecycleListener, ListensToAccounts } from '../core/accounts/account-lifecycle.js';
import type { ChatTransaction } from '../core/events/chat-event.publisher.js';
import type { UserEntity } from '../core/accounts/user.entity.js';
import { StreamsRepository } from '../streams/streams.repository.js';
import { SubscriptionEvents, type SubscriptionChange } from './subscription-events.js';

// A deactivated account drops out of the subscriber lists of the channels it is subscribed to
// (peer_remove to their followers) and a reactivated one comes back (peer_add); the
// subscriptions themselves are kept, as Zulip keeps them.
@Injectable()
@ListensToAccounts()
export class AccountSubscriptionPeers implements AccountLifecycleListener {
  constructor(
    private readonly streams: StreamsRepository,
    private readonly events: SubscriptionEvents,
  ) {}

  async userDeactivated(tx: ChatTransaction, user: UserEntity): Promise<void> {
    await this.events.accountPeers(tx, 'peer_remove', await this.subscriptionsOf(tx, user));
  }

  async userReactivated(tx: ChatTransaction, user: UserEntity): Promise<void> {
    await this.events.accountPeers(tx, 'peer_add', await this.subscriptionsOf(tx, user));
  }

  // Zulip's get_streams_for_user(include_subscribed=True): archived channels left out.
  private async subscriptionsOf(tx: ChatTransaction, user: UserEntity): Promise<SubscriptionChange[]> {
    const subscriptions = await this.streams.userSubscriptions(user.id, tx);
    const streams = await this.streams.findManyByIds(
      user.realmId,
      subscriptions.map((subscription) => subscription.streamId),
      tx,
    );
    const byId = new Map(streams.filter((stream) => !stream.isArchived).map((stream) => [stream.id, stream]));
    return subscriptions.flatMap((subscription) => {
      const stream = byId.get(subscription.streamId);
      return stream ? [{ user, stream, subscription }] : [];
    });
  }
}
