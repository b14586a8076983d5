import { Injectable } from '@nestjs/common';
import type { ChatTransaction } from '../core/events/chat-event.publisher.js';
import { type ChannelLifecycleListener, ListensToChannels } from '../streams/channel-lifecycle.js';
import type { StreamEntity } from '../streams/stream.entity.js';
import { DefaultStreamsService } from './default-streams.service.js';

// Zulip's do_deactivate_stream removes the channel from the default channels, and announces the
// default channels, whether or not it was one.
@Injectable()
@ListensToChannels()
export class ArchivedDefaultStreams implements ChannelLifecycleListener {
  constructor(private readonly defaults: DefaultStreamsService) {}

  channelArchived(tx: ChatTransaction, stream: StreamEntity): Promise<void> {
    return this.defaults.removeInTransaction(tx, stream);
  }
}
