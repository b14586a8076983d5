import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { ChatTransaction } from '../events/chat-event.publisher.js';
import type { RealmEntity } from '../accounts/realm.entity.js';
import type { UserEntity } from '../accounts/user.entity.js';

// A message just written, as the features that react to sends see it.
export interface SentMessage {
  readonly realm: RealmEntity;
  readonly sender: UserEntity;
  readonly id: number;
  readonly isChannelMessage: boolean;
  // Everyone who got a copy (the sender included).
  readonly recipientIds: readonly number[];
  // Users the message mentions by name or through a group (not wildcards, not code).
  readonly mentionedUserIds: ReadonlySet<number>;
  // The message as GET /messages shows it with apply_markdown=false (raw Markdown content),
  // plus its rendered_content; built only when asked for.
  readonly markdownRow: () => Readonly<Record<string, unknown>>;
}

// What a feature may do when messages are sent, inside the send's own transaction (its rows and
// events commit or roll back with the messages). Sending sits below the features that react
// (outgoing webhooks), so the sender announces and listeners react.
export interface MessageSendListener {
  messagesSent(tx: ChatTransaction, messages: readonly SentMessage[]): Promise<void>;
}

// Marks a provider as a MessageSendListener; MessageSendLifecycle finds every one at boot.
export const ListensToMessageSends = DiscoveryService.createDecorator<void>();

@Injectable()
export class MessageSendLifecycle implements OnModuleInit {
  private listeners: readonly MessageSendListener[] = [];

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    this.listeners = this.discovery
      .getProviders({ metadataKey: ListensToMessageSends.KEY })
      .map((wrapper) => wrapper.instance as MessageSendListener);
  }

  // Tells every listener, one after the other (they share one transaction).
  async messagesSent(tx: ChatTransaction, messages: readonly SentMessage[]): Promise<void> {
    for (const listener of this.listeners) await listener.messagesSent(tx, messages);
  }
}
