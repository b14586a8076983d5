import { Injectable } from '@nestjs/common';
import type { ChatCaller } from '../auth/chat-caller.js';
import { MessageRenderer } from '../messages/markdown/message-renderer.js';
import { ChatError } from '../request/chat.error.js';
import { canSeeStream } from './stream-access.js';
import type { StreamEntity } from './stream.entity.js';
import { streamRow, subscriptionRow } from './stream.presenter.js';
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
    return { streams: visible.map((stream) => this.row(stream)) };
  }

  async one(caller: ChatCaller, streamId: number) {
    return { stream: this.row(await this.accessible(caller, streamId)) };
  }

  // A channel the caller may see, else Zulip's "Invalid channel ID" (another realm's too).
  async accessible(caller: ChatCaller, streamId: number): Promise<StreamEntity> {
    const stream = await this.streams.findById(caller.realm.id, streamId);
    const subscription = stream ? await this.streams.subscription(caller.user.id, stream.id) : null;
    if (!stream || !canSeeStream(caller.user, stream, subscription?.active === true))
      throw ChatError.badRequest('Invalid channel ID');
    return stream;
  }

  async subscriptions(caller: ChatCaller, includeSubscribers: boolean) {
    const rows = [];
    for (const subscription of await this.streams.userSubscriptions(caller.user.id)) {
      const stream = await this.streams.findById(caller.realm.id, subscription.streamId);
      if (!stream || stream.isArchived) continue;
      const subscribers = includeSubscribers ? await this.streams.subscriberIds(stream.id) : undefined;
      rows.push(subscriptionRow(stream, this.renderer.render(stream.description), subscription, subscribers));
    }
    return { subscriptions: rows };
  }

  private row(stream: StreamEntity) {
    return streamRow(stream, this.renderer.render(stream.description));
  }

  private async subscribedIds(caller: ChatCaller): Promise<Set<number>> {
    return new Set((await this.streams.userSubscriptions(caller.user.id)).map((s) => s.streamId));
  }
}
