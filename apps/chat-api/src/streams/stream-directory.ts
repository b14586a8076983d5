import { Injectable } from '@nestjs/common';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { MessageRenderer } from '../markdown/message-renderer.js';
import { ChatError } from '../core/http/chat.error.js';
import { UserRole } from '../core/accounts/user.entity.js';
import { canSeeStream } from './stream-access.js';
import type { StreamEntity } from './stream.entity.js';
import { type StreamStats, streamRow, subscriptionRow } from './stream.presenter.js';
import { StreamsRepository } from './streams.repository.js';

export interface StreamListOptions {
  readonly includePublic: boolean;
  readonly includeSubscribed: boolean;
  readonly includeAll: boolean;
  readonly excludeArchived: boolean;
}

// The read side of channels: GET /streams, /streams/{id}, /users/me/subscriptions.
@Injectable()
export class StreamDirectory {
  constructor(
    private readonly streams: StreamsRepository,
    private readonly renderer: MessageRenderer,
  ) {}

  async list(caller: ChatCaller, options: StreamListOptions) {
    const subscribed = await this.subscribedIds(caller);
    const visible = (await this.streams.listByRealm(caller.realm.id)).filter((stream) => {
      if (options.excludeArchived && stream.isArchived) return false;
      if (!canSeeStream(caller.user, stream, subscribed.has(stream.id))) return false;
      if (options.includeAll) return true;
      return (
        (options.includePublic && !stream.inviteOnly) ||
        (options.includeSubscribed && subscribed.has(stream.id))
      );
    });
    const stats = await this.streams.stats(visible);
    return { streams: visible.sort(byName).map((stream) => this.row(stream, stats)) };
  }

  // A channel the caller may see and that is not archived (Zulip's access_stream_by_id with
  // require_active_channel), else "Invalid channel ID" (another realm's too).
  async one(caller: ChatCaller, streamId: number) {
    const stream = await this.streams.findById(caller.realm.id, streamId);
    const subscription = stream ? await this.streams.subscription(caller.user.id, stream.id) : null;
    if (!stream || stream.isArchived || !canSeeStream(caller.user, stream, subscription?.active === true))
      throw ChatError.badRequest('Invalid channel ID');
    return { stream: this.row(stream, await this.streams.stats([stream])) };
  }

  // Zulip's access_stream_by_name: public channels (not for guests) and the caller's own, not
  // archived ones; administrators are not let into private channels they are not in.
  async idByName(caller: ChatCaller, name: string) {
    const refused = ChatError.badRequest(`Invalid channel name '${name}'`);
    const stream = await this.streams.findByName(caller.realm.id, name);
    if (!stream || stream.isArchived) throw refused;
    const subscribed = (await this.streams.subscription(caller.user.id, stream.id))?.active === true;
    if (!subscribed && (stream.inviteOnly || caller.user.role === UserRole.GUEST)) throw refused;
    return { stream_id: stream.id };
  }

  async subscriptions(caller: ChatCaller, includeSubscribers: boolean) {
    const { subscriptions } = await this.subscriptionState(caller, includeSubscribers, false);
    return { subscriptions };
  }

  // Zulip's gather_subscriptions_helper: the caller's channels, those they left (and may still
  // see), and the visible ones they never joined, each list by name; archived channels aside.
  async subscriptionState(caller: ChatCaller, includeSubscribers: boolean, withOthers = true) {
    const streams = (await this.streams.listByRealm(caller.realm.id))
      .filter((stream) => !stream.isArchived)
      .sort(byName);
    const mine = new Map(
      (await this.streams.everSubscribed(caller.user.id)).map((sub) => [sub.streamId, sub] as const),
    );
    const visible = streams.filter((stream) => {
      const subscription = mine.get(stream.id);
      if (!withOthers && !subscription?.active) return false;
      return canSeeStream(caller.user, stream, subscription?.active === true);
    });
    const stats = await this.streams.stats(visible);
    const subscriptions: Array<ReturnType<typeof subscriptionRow>> = [];
    const unsubscribed: Array<ReturnType<typeof subscriptionRow>> = [];
    const neverSubscribed: Array<ReturnType<typeof streamRow> & { subscribers?: number[] }> = [];
    for (const stream of visible) {
      const subscription = mine.get(stream.id);
      const counts = stats.get(stream.id)!;
      const rendered = this.renderer.render(stream.description);
      const subscribers = includeSubscribers ? await this.streams.subscriberIds(stream.id) : undefined;
      if (!subscription)
        neverSubscribed.push({
          ...streamRow(stream, rendered, counts),
          ...(subscribers ? { subscribers } : {}),
        });
      else
        (subscription.active ? subscriptions : unsubscribed).push(
          subscriptionRow(stream, rendered, subscription, counts, subscribers),
        );
    }
    return { subscriptions, unsubscribed, never_subscribed: neverSubscribed };
  }

  private row(stream: StreamEntity, stats: ReadonlyMap<number, StreamStats>) {
    return streamRow(stream, this.renderer.render(stream.description), stats.get(stream.id)!);
  }

  private async subscribedIds(caller: ChatCaller): Promise<Set<number>> {
    return new Set((await this.streams.userSubscriptions(caller.user.id)).map((s) => s.streamId));
  }
}

// Python's sort of names: by code unit, case-sensitive.
function byName(a: StreamEntity, b: StreamEntity): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}
