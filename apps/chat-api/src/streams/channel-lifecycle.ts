import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { ChatTransaction } from '../core/events/chat-event.publisher.js';
import type { StreamEntity } from './stream.entity.js';

// What a feature above streams/ does when a channel is archived, inside the archiving
// transaction: the features that hold channels (default channels) sit above streams/, so
// streams/ announces and they react, as with AccountLifecycle.
export interface ChannelLifecycleListener {
  channelArchived(tx: ChatTransaction, stream: StreamEntity): Promise<void>;
}

// Marks a provider as a ChannelLifecycleListener; ChannelLifecycle finds every one at boot.
export const ListensToChannels = DiscoveryService.createDecorator<void>();

@Injectable()
export class ChannelLifecycle implements OnModuleInit {
  private listeners: readonly ChannelLifecycleListener[] = [];

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    this.listeners = this.discovery
      .getProviders({ metadataKey: ListensToChannels.KEY })
      .map((wrapper) => wrapper.instance as ChannelLifecycleListener);
  }

  async channelArchived(tx: ChatTransaction, stream: StreamEntity): Promise<void> {
    for (const listener of this.listeners) await listener.channelArchived(tx, stream);
  }
}
