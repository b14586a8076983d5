import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { ChatTransaction } from '../events/chat-event.publisher.js';
import type { RealmEntity } from '../accounts/realm.entity.js';
import type { UserEntity } from '../accounts/user.entity.js';

// A message whose content was just edited, as the features that react to edits see it.
export interface EditedMessage {
  readonly realm: RealmEntity;
  // Who edited the content: only a message's sender may (Zulip's rule).
  readonly sender: UserEntity;
  readonly id: number;
  readonly renderedContent: string;
}

// What a feature may do when a message's content changes, inside the edit's transaction.
// Editing sits below the features that react (uploads' attachment links), as sending does.
export interface MessageEditListener {
  contentEdited(tx: ChatTransaction, message: EditedMessage): Promise<void>;
}

// Marks a provider as a MessageEditListener; MessageEditLifecycle finds every one at boot.
export const ListensToMessageEdits = DiscoveryService.createDecorator<void>();

@Injectable()
export class MessageEditLifecycle implements OnModuleInit {
  private listeners: readonly MessageEditListener[] = [];

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    this.listeners = this.discovery
      .getProviders({ metadataKey: ListensToMessageEdits.KEY })
      .map((wrapper) => wrapper.instance as MessageEditListener);
  }

  async contentEdited(tx: ChatTransaction, message: EditedMessage): Promise<void> {
    for (const listener of this.listeners) await listener.contentEdited(tx, message);
  }
}
