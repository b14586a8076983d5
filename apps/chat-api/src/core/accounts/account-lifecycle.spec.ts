import { describe, expect, it } from '@jest/globals';
import type { DiscoveryService } from '@nestjs/core';
import type { ChatTransaction } from '../events/chat-event.publisher.js';
import { AccountLifecycle, type AccountLifecycleListener } from './account-lifecycle.js';
import { UserRole, type UserEntity } from './user.entity.js';

function lifecycleOf(listeners: AccountLifecycleListener[]): AccountLifecycle {
  const discovery = {
    getProviders: () => listeners.map((instance) => ({ instance })),
  } as unknown as DiscoveryService;
  const lifecycle = new AccountLifecycle(discovery);
  lifecycle.onModuleInit();
  return lifecycle;
}

describe(AccountLifecycle.name, () => {
  const tx = {} as ChatTransaction;
  const user = { id: 7, role: UserRole.MODERATOR } as UserEntity;

  it('tells each listener that has the hook, one after the other, in module order', async () => {
    const heard: string[] = [];
    const slow: AccountLifecycleListener = {
      async roleChanged(_tx, changed, previousRole) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        heard.push(`slow ${changed.id} ${previousRole}`);
      },
    };
    const fast: AccountLifecycleListener = {
      async roleChanged(_tx, changed) {
        heard.push(`fast ${changed.role}`);
      },
    };
    const deaf: AccountLifecycleListener = {};
    await lifecycleOf([slow, deaf, fast]).roleChanged(tx, user, UserRole.MEMBER);
    expect(heard).toEqual([`slow 7 ${UserRole.MEMBER}`, `fast ${UserRole.MODERATOR}`]);
  });

  it('lets a listener refuse the change by throwing (the transaction rolls back)', async () => {
    const refusing: AccountLifecycleListener = {
      userCreated: () => Promise.reject(new Error('no')),
    };
    await expect(lifecycleOf([refusing]).userCreated(tx, user)).rejects.toThrow('no');
  });
});
