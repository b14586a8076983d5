import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { ChatTransaction } from '../core/events/chat-event.publisher.js';
import type { ChatCaller } from '../core/http/chat-caller.js';

export interface GroupMembershipChange {
  readonly groupName: string;
  readonly change: 'added' | 'removed';
  readonly userIds: readonly number[];
}

// What to write inside the change's transaction once the change is made.
export type MembershipFollowUp = (tx: ChatTransaction) => Promise<void>;

// What a feature above the groups may do when someone adds users to a group or removes them
// through the API (Zulip tells them by direct message; the messages feature sits above the
// groups, so it listens rather than being called). It prepares before the change's transaction,
// whose reads it must not wait on, and writes inside it: a refused change writes nothing.
export interface GroupMembershipListener {
  prepare(caller: ChatCaller, change: GroupMembershipChange): Promise<MembershipFollowUp>;
}

export const ListensToGroupMembership = DiscoveryService.createDecorator<void>();

@Injectable()
export class GroupMembershipHooks implements OnModuleInit {
  private listeners: readonly GroupMembershipListener[] = [];

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    this.listeners = this.discovery
      .getProviders({ metadataKey: ListensToGroupMembership.KEY })
      .map((wrapper) => wrapper.instance as GroupMembershipListener);
  }

  async prepare(caller: ChatCaller, change: GroupMembershipChange): Promise<MembershipFollowUp> {
    const followUps: MembershipFollowUp[] = [];
    for (const listener of this.listeners) followUps.push(await listener.prepare(caller, change));
    return async (tx) => {
      for (const followUp of followUps) await followUp(tx);
    };
  }
}
