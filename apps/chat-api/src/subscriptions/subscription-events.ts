import { Injectable } from '@nestjs/common';
import type { ChatEventV1 } from '@shared/contracts';
import { type ChatTransaction, publishChatEvents } from '../core/events/chat-event.publisher.js';
import { MessageRenderer } from '../markdown/message-renderer.js';
import { type UserEntity, UserRole } from '../core/accounts/user.entity.js';
import { isAdministrator } from '../core/http/permissions.js';
import { UsersRepository } from '../users/users.repository.js';
import type { StreamEntity } from '../streams/stream.entity.js';
import {
  NEW_STREAM_STATS,
  type StreamStats,
  streamRow,
  subscriptionRow,
} from '../streams/stream.presenter.js';
import { StreamsRepository } from '../streams/streams.repository.js';
import type { SubscriptionEntity } from '../streams/subscription.entity.js';

export interface SubscriptionChange {
  readonly user: UserEntity;
  readonly stream: StreamEntity;
  readonly subscription: SubscriptionEntity;
}

type Audience = { readonly nonGuests: Set<number>; readonly administrators: Set<number> };

// The events of Zulip's bulk_add_subscriptions and bulk_remove_subscriptions, once per request:
// the channel made visible to those who could not see it, each user's own subscriptions in one
// event, then peer events to those who follow the channel's subscribers (everyone but guests
// for a public channel, its subscribers and the administrators for a private one), never to
// the users the request changed.
@Injectable()
export class SubscriptionEvents {
  constructor(
    private readonly streams: StreamsRepository,
    private readonly users: UsersRepository,
    private readonly renderer: MessageRenderer,
  ) {}

  // New channels, an event each: every member but guests sees a public one, the
  // administrators a private one.
  async created(tx: ChatTransaction, streams: readonly StreamEntity[]): Promise<void> {
    if (streams.length === 0) return;
    const audience = await this.audience(tx, streams[0]!.realmId);
    await publishChatEvents(
      tx,
      streams.map((stream) => ({
        realmId: stream.realmId,
        userIds: [...(stream.inviteOnly ? audience.administrators : audience.nonGuests)],
        event: { type: 'stream', op: 'create', streams: [this.row(stream, NEW_STREAM_STATS)] },
      })),
    );
  }

  async added(tx: ChatTransaction, changes: readonly SubscriptionChange[]): Promise<void> {
    if (changes.length === 0) return;
    const realmId = changes[0]!.stream.realmId;
    const audience = await this.audience(tx, realmId);
    const subscribers = await this.subscribersOf(tx, changes);
    const stats = await this.streams.stats(unique(changes.map((change) => change.stream)), tx);
    const events: ChatEventV1[] = [];
    // A channel joined that the user could not see before: a private one for whoever is not an
    // administrator, a public one for a guest.
    for (const { user, stream } of changes)
      if (!seesUnsubscribed(audience, user.id, stream))
        events.push({
          realmId,
          userIds: [user.id],
          event: { type: 'stream', op: 'create', streams: [this.row(stream, stats.get(stream.id)!)] },
        });
    for (const [userId, own] of byUser(changes))
      events.push({
        realmId,
        userIds: [userId],
        event: {
          type: 'subscription',
          op: 'add',
          subscriptions: own.map(({ stream, subscription }) =>
            subscriptionRow(
              stream,
              this.renderer.render(stream.description),
              subscription,
              stats.get(stream.id)!,
              subscribers.get(stream.id)!,
            ),
          ),
        },
      });
    events.push(...this.peers('peer_add', changes, audience, subscribers));
    await publishChatEvents(tx, events);
  }

  // Zulip's bulk_add_subscriptions(from_user_creation=True): the new account has no queue to
  // tell, so only the channels' followers hear of it (peer_add).
  async addedAtCreation(tx: ChatTransaction, changes: readonly SubscriptionChange[]): Promise<void> {
    if (changes.length === 0) return;
    const audience = await this.audience(tx, changes[0]!.stream.realmId);
    await publishChatEvents(
      tx,
      this.peers('peer_add', changes, audience, await this.subscribersOf(tx, changes)),
    );
  }

  async removed(tx: ChatTransaction, changes: readonly SubscriptionChange[]): Promise<void> {
    if (changes.length === 0) return;
    const realmId = changes[0]!.stream.realmId;
    const audience = await this.audience(tx, realmId);
    const events: ChatEventV1[] = [];
    for (const [userId, own] of byUser(changes)) {
      const streams = own.map((change) => change.stream);
      events.push({
        realmId,
        userIds: [userId],
        event: {
          type: 'subscription',
          op: 'remove',
          subscriptions: streams.map((stream) => ({ name: stream.name, stream_id: stream.id })),
        },
      });
      // Out of sight once left (Zulip's check_basic_stream_access without a subscription).
      const hidden = streams.filter((stream) => !seesUnsubscribed(audience, userId, stream));
      if (hidden.length > 0)
        events.push({
          realmId,
          userIds: [userId],
          event: {
            type: 'stream',
            op: 'delete',
            streams: hidden.map((stream) => ({ stream_id: stream.id })),
            stream_ids: hidden.map((stream) => stream.id),
          },
        });
    }
    events.push(...this.peers('peer_remove', changes, audience, await this.subscribersOf(tx, changes)));
    await publishChatEvents(tx, events);
  }

  // An account that leaves or rejoins the realm leaves or rejoins its channels' subscriber
  // lists, its subscriptions kept (Zulip's send_events_for_user_deactivation, do_reactivate_user).
  async accountPeers(
    tx: ChatTransaction,
    op: 'peer_add' | 'peer_remove',
    changes: readonly SubscriptionChange[],
  ): Promise<void> {
    if (changes.length === 0) return;
    const audience = await this.audience(tx, changes[0]!.stream.realmId);
    await publishChatEvents(tx, this.peers(op, changes, audience, await this.subscribersOf(tx, changes)));
  }

  // Zulip's send_peer_subscriber_events: one event per private channel; public channels changed
  // for the same users share one event, but those with subscribed guests (who follow them too).
  private peers(
    op: 'peer_add' | 'peer_remove',
    changes: readonly SubscriptionChange[],
    audience: Audience,
    subscribers: ReadonlyMap<number, readonly number[]>,
  ): ChatEventV1[] {
    const realmId = changes[0]!.stream.realmId;
    const altered = new Map<number, { stream: StreamEntity; userIds: number[] }>();
    for (const { user, stream } of changes) {
      const entry = altered.get(stream.id) ?? { stream, userIds: [] };
      entry.userIds.push(user.id);
      altered.set(stream.id, entry);
    }
    const events: ChatEventV1[] = [];
    const send = (streamIds: number[], userIds: number[], peers: Iterable<number>) => {
      const to = [...peers].filter((id) => !userIds.includes(id));
      if (to.length === 0) return;
      const event = {
        type: 'subscription',
        op,
        stream_ids: streamIds.sort(byId),
        user_ids: userIds.sort(byId),
      };
      events.push({ realmId, userIds: to, event });
    };
    const shared = new Map<string, { userIds: number[]; streamIds: number[] }>();
    for (const { stream, userIds } of altered.values()) {
      const followers = subscribers.get(stream.id)!;
      if (stream.inviteOnly) send([stream.id], userIds, new Set([...followers, ...audience.administrators]));
      else if (followers.some((id) => !audience.nonGuests.has(id)))
        send([stream.id], userIds, new Set([...audience.nonGuests, ...followers]));
      else {
        const key = [...userIds].sort(byId).join(',');
        const group = shared.get(key) ?? { userIds, streamIds: [] };
        group.streamIds.push(stream.id);
        shared.set(key, group);
      }
    }
    for (const group of shared.values()) send(group.streamIds, group.userIds, audience.nonGuests);
    return events;
  }

  private async audience(tx: ChatTransaction, realmId: number): Promise<Audience> {
    const active = (await this.users.listByRealm(realmId, tx)).filter((user) => user.isActive);
    return {
      nonGuests: new Set(active.filter((user) => user.role !== UserRole.GUEST).map((user) => user.id)),
      administrators: new Set(active.filter(isAdministrator).map((user) => user.id)),
    };
  }

  private subscribersOf(tx: ChatTransaction, changes: readonly SubscriptionChange[]) {
    return this.streams.subscriberIdsOf(
      unique(changes.map((change) => change.stream)).map((stream) => stream.id),
      tx,
    );
  }

  private row(stream: StreamEntity, stats: StreamStats) {
    return streamRow(stream, this.renderer.render(stream.description), stats);
  }
}

// Whether a user sees a channel without being subscribed: administrators every one, members
// public ones, guests none.
function seesUnsubscribed(audience: Audience, userId: number, stream: StreamEntity): boolean {
  if (audience.administrators.has(userId)) return true;
  return !stream.inviteOnly && audience.nonGuests.has(userId);
}

function byUser(changes: readonly SubscriptionChange[]): Map<number, SubscriptionChange[]> {
  const grouped = new Map<number, SubscriptionChange[]>();
  for (const change of changes) {
    const own = grouped.get(change.user.id) ?? [];
    own.push(change);
    grouped.set(change.user.id, own);
  }
  return grouped;
}

function unique(streams: readonly StreamEntity[]): StreamEntity[] {
  return [...new Map(streams.map((stream) => [stream.id, stream])).values()];
}

function byId(a: number, b: number): number {
  return a - b;
}
