import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { ChatError } from '../core/http/chat.error.js';
import { publishChatEvents } from '../core/events/chat-event.publisher.js';
import { StreamsRepository } from '../streams/streams.repository.js';
import { accessChannelById } from '../streams/channel-access.js';
import { type SubscriptionPropertyChange, subscriptionUpdateEvents } from './subscription-property.js';
import { SubscriptionSettingsRepository } from './subscription-settings.repository.js';

// POST /users/me/subscriptions/properties: Zulip's update_subscription_properties_backend. Each
// change in order needs a channel the caller reads and is subscribed to; the whole request is
// one transaction, so a refused change leaves the earlier ones undone.
@Injectable()
export class UpdateSubscriptionPropertiesUseCase {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly streams: StreamsRepository,
    private readonly settings: SubscriptionSettingsRepository,
  ) {}

  async execute(caller: ChatCaller, changes: readonly SubscriptionPropertyChange[]): Promise<object> {
    return this.outbox.run(async (tx) => {
      for (const change of changes) {
        const { subscription } = await accessChannelById(
          this.streams,
          caller,
          change.streamId,
          'content',
          tx,
        );
        if (!subscription) throw ChatError.badRequest(`Not subscribed to channel ID ${change.streamId}`);
        await this.settings.set(tx, caller.user.id, change.streamId, change.column, change.stored);
      }
      await publishChatEvents(
        tx,
        changes.flatMap(subscriptionUpdateEvents).map((event) => ({
          realmId: caller.realm.id,
          userIds: [caller.user.id],
          event,
        })),
      );
      return {};
    });
  }
}
