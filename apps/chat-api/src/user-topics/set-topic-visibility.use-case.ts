import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import { Clock } from '@shared/util';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { publishChatEvents } from '../core/events/chat-event.publisher.js';
import { unixSeconds } from '../core/http/python-isoformat.js';
import type { StreamEntity } from '../streams/stream.entity.js';
import { VisibilityPolicy } from './user-topic.entity.js';
import { mutedTopics } from './user-topic.presenter.js';
import { UserTopicsRepository } from './user-topics.repository.js';

// Zulip's do_set_user_topic_visibility_policy for one user, on a channel the caller was let at:
// INHERIT removes the policy; setting the policy the topic already has, or removing one it does
// not have, changes nothing and announces nothing. A change is announced with the whole legacy
// muted_topics list, then the user_topic event.
@Injectable()
export class SetTopicVisibilityUseCase {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly clock: Clock,
    private readonly userTopics: UserTopicsRepository,
  ) {}

  async execute(
    caller: ChatCaller,
    stream: StreamEntity,
    topicName: string,
    policy: number,
  ): Promise<object> {
    const { realm, user } = caller;
    const lastUpdated = this.clock.now();
    await this.outbox.run(async (tx) => {
      const existing = await this.userTopics.find(tx, realm.id, user.id, stream.id, topicName);
      if (policy === VisibilityPolicy.INHERIT) {
        if (!existing) return;
        await this.userTopics.remove(tx, existing.id);
      } else {
        if (existing?.visibilityPolicy === policy) return;
        await this.userTopics.upsert(tx, {
          realmId: realm.id,
          userId: user.id,
          streamId: stream.id,
          topicName,
          visibilityPolicy: policy,
          lastUpdated,
        });
      }
      const muted = mutedTopics(await this.userTopics.list(realm.id, user.id, VisibilityPolicy.MUTED, tx));
      const userTopic = {
        type: 'user_topic',
        stream_id: stream.id,
        topic_name: topicName,
        last_updated: unixSeconds(lastUpdated),
        visibility_policy: policy,
      };
      await publishChatEvents(
        tx,
        [{ type: 'muted_topics', muted_topics: muted }, userTopic].map((event) => ({
          realmId: realm.id,
          userIds: [user.id],
          event,
        })),
      );
    });
    return {};
  }
}
