import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { ChatTransaction } from '../events/chat-event.publisher.js';
import type { RealmEntity } from './realm.entity.js';
import type { UserEntity, UserRole } from './user.entity.js';

// What a feature may do when an organization or an account changes, inside the change's own
// transaction (so its rows and events commit or roll back with it). The features that own those
// changes (realms, users, bots) sit below the ones that react (groups, default channels), so the
// reaction cannot be a call from the owner: the owner announces, listeners react.
export interface AccountLifecycleListener {
  // After the realm row exists and before its first account is created.
  realmCreated?(tx: ChatTransaction, realm: RealmEntity): Promise<void>;
  // After the account exists and its creator has announced it (`realm_user` add), bots included.
  userCreated?(tx: ChatTransaction, user: UserEntity): Promise<void>;
  // `user` carries the new role.
  roleChanged?(tx: ChatTransaction, user: UserEntity, previousRole: UserRole): Promise<void>;
  userDeactivated?(tx: ChatTransaction, user: UserEntity): Promise<void>;
  userReactivated?(tx: ChatTransaction, user: UserEntity): Promise<void>;
}

// Marks a provider as an AccountLifecycleListener; AccountLifecycle finds every one at boot.
export const ListensToAccounts = DiscoveryService.createDecorator<void>();

type Hook = keyof AccountLifecycleListener;
type HookArguments<H extends Hook> = Parameters<NonNullable<AccountLifecycleListener[H]>>;

// Tells every listener, in module order, one after the other (they share one transaction).
@Injectable()
export class AccountLifecycle implements OnModuleInit {
  private listeners: readonly AccountLifecycleListener[] = [];

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    this.listeners = this.discovery
      .getProviders({ metadataKey: ListensToAccounts.KEY })
      .map((wrapper) => wrapper.instance as AccountLifecycleListener);
  }

  realmCreated(...args: HookArguments<'realmCreated'>): Promise<void> {
    return this.tell('realmCreated', args);
  }

  userCreated(...args: HookArguments<'userCreated'>): Promise<void> {
    return this.tell('userCreated', args);
  }

  roleChanged(...args: HookArguments<'roleChanged'>): Promise<void> {
    return this.tell('roleChanged', args);
  }

  userDeactivated(...args: HookArguments<'userDeactivated'>): Promise<void> {
    return this.tell('userDeactivated', args);
  }

  userReactivated(...args: HookArguments<'userReactivated'>): Promise<void> {
    return this.tell('userReactivated', args);
  }

  private async tell<H extends Hook>(hook: H, args: HookArguments<H>): Promise<void> {
    for (const listener of this.listeners) {
      const react = listener[hook] as ((...given: HookArguments<H>) => Promise<void>) | undefined;
      await react?.apply(listener, args);
    }
  }
}
