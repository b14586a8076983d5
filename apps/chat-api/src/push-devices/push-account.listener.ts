import { Injectable } from '@nestjs/common';
import { type AccountLifecycleListener, ListensToAccounts } from '../core/accounts/account-lifecycle.js';
import type { UserEntity } from '../core/accounts/user.entity.js';
import { ChatApiConfig } from '../core/chat-api.config.js';
import type { ChatTransaction } from '../core/events/chat-event.publisher.js';
import { pushServiceOf } from '../core/push-service.js';
import { PushDevicesRepository } from './push-devices.repository.js';
import { PushQueue } from './push-queue.js';

// A deactivated account's phones stop getting notifications (Zulip's clear_push_device_tokens):
// its legacy tokens are deleted and, with a push service, unregistered from the bouncer.
@ListensToAccounts()
@Injectable()
export class PushAccountListener implements AccountLifecycleListener {
  private readonly configured: boolean;

  constructor(
    config: ChatApiConfig,
    private readonly devices: PushDevicesRepository,
    private readonly queue: PushQueue,
  ) {
    this.configured = pushServiceOf(config) !== null;
  }

  async userDeactivated(tx: ChatTransaction, user: UserEntity): Promise<void> {
    const tokens = await this.devices.takeTokens(tx, user.id);
    if (!this.configured || tokens.length === 0) return;
    await this.queue.add(
      tx,
      tokens.map((token) => ({
        kind: 'token_unregister' as const,
        realmId: user.realmId,
        userId: user.id,
        data: { tokenKind: token.kind },
        secret: token.tokenSealed,
      })),
    );
  }
}
