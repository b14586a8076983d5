import { Injectable } from '@nestjs/common';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { ChatError } from '../core/http/chat.error.js';
import type { StreamEntity } from '../streams/stream.entity.js';
import { StreamsRepository } from '../streams/streams.repository.js';
import { accessChannelById, accessChannelByName } from '../streams/channel-access.js';
import { SetTopicVisibilityUseCase } from './set-topic-visibility.use-case.js';
import { VisibilityPolicy } from './user-topic.entity.js';

export interface ChannelReference {
  readonly name?: string;
  readonly id?: number;
}

// Which channel a topic policy request may touch (zerver/views/user_topics.py): setting a
// policy needs a channel the caller reads; removing one only a channel of the realm (archived
// too), so a policy outlives the caller's access and can still be dropped.
@Injectable()
export class UserTopicsService {
  constructor(
    private readonly streams: StreamsRepository,
    private readonly setVisibility: SetTopicVisibilityUseCase,
  ) {}

  // POST /user_topics.
  async setPolicy(caller: ChatCaller, streamId: number, topic: string, policy: number) {
    const stream =
      policy === VisibilityPolicy.INHERIT
        ? await this.existing(caller, { id: streamId }, 'Invalid channel ID')
        : (await accessChannelById(this.streams, caller, streamId, 'content')).stream;
    return this.setVisibility.execute(caller, stream, topic, policy);
  }

  // PATCH /users/me/subscriptions/muted_topics: muting and unmuting by channel name or id.
  async legacyMute(caller: ChatCaller, op: 'add' | 'remove', topic: string, channel: ChannelReference) {
    // Zulip's check_for_exactly_one_stream_arg (its own check: no var_name).
    if (channel.id === undefined && channel.name === undefined)
      throw ChatError.badRequest("Missing 'stream_id' argument");
    if (channel.id !== undefined && channel.name !== undefined)
      throw ChatError.badRequest('Unsupported parameter combination: stream_id, stream', {
        parameters: 'stream_id, stream',
      });
    if (op === 'remove') {
      const stream = await this.existing(caller, channel, 'Topic is not muted');
      return this.setVisibility.execute(caller, stream, topic, VisibilityPolicy.INHERIT);
    }
    const { stream } =
      channel.name !== undefined
        ? await accessChannelByName(this.streams, caller, channel.name)
        : await accessChannelById(this.streams, caller, channel.id!, 'content');
    return this.setVisibility.execute(caller, stream, topic, VisibilityPolicy.MUTED);
  }

  // Zulip's access_stream_to_remove_visibility_policy_by_{id,name}: any channel of the realm.
  private async existing(
    caller: ChatCaller,
    channel: ChannelReference,
    refusal: string,
  ): Promise<StreamEntity> {
    const stream =
      channel.name !== undefined
        ? await this.streams.findByName(caller.realm.id, channel.name)
        : await this.streams.findById(caller.realm.id, channel.id!);
    if (!stream) throw ChatError.badRequest(refusal);
    return stream;
  }
}
