import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import { Clock } from '@shared/util';
import { ChatApiConfig } from '../core/chat-api.config.js';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { ChatError, ChatErrorCode } from '../core/http/chat.error.js';
import { pushServiceOf } from '../core/push-service.js';
import { ApiKeyVault } from '../users/api-key-vault.js';
import { type PushTokenKind } from './push-device-token.entity.js';
import { validateToken } from './push-device.params.js';
import { PushDevicesRepository } from './push-devices.repository.js';
import { PushQueue } from './push-queue.js';

export interface E2eeRegistration {
  readonly tokenKind: 'fcm' | 'apns';
  readonly pushAccountId: string;
  readonly pushPublicKey: string;
  readonly bouncerPublicKey: string;
  readonly encryptedPushRegistration: string;
}

// Both generations of push device registration (Zulip's views/push_notifications.py). The
// calls to the bouncer they need are queued with the change and made by the push worker.
@Injectable()
export class PushRegistrationsService {
  private readonly configured: boolean;

  constructor(
    config: ChatApiConfig,
    private readonly devices: PushDevicesRepository,
    private readonly queue: PushQueue,
    private readonly vault: ApiKeyVault,
    private readonly clock: Clock,
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
  ) {
    this.configured = pushServiceOf(config) !== null;
  }

  // Idempotent per account id: a registration pending or active is left as it is; a new one,
  // or one that failed, is (re)registered with the bouncer.
  async registerE2ee({ user, realm }: ChatCaller, registration: E2eeRegistration): Promise<void> {
    if (!this.configured)
      throw new ChatError(
        ChatErrorCode.PUSH_SERVICE_NOT_CONFIGURED,
        'Server is not configured to use push notification service.',
      );
    await this.outbox.run(async (tx) => {
      const existing = await this.devices.findDevice(tx, user.id, registration.pushAccountId);
      if (existing && existing.errorCode === null) return;
      const deviceId = await this.devices.savePending(tx, {
        realmId: realm.id,
        userId: user.id,
        pushAccountId: registration.pushAccountId,
        tokenKind: registration.tokenKind,
        pushPublicKeySealed: this.vault.seal(registration.pushPublicKey),
        bouncerPublicKey: registration.bouncerPublicKey,
        encryptedPushRegistrationSealed: this.vault.seal(registration.encryptedPushRegistration),
        registeredAt: this.clock.now(),
      });
      await this.queue.add(tx, [
        { kind: 'e2ee_register', realmId: realm.id, userId: user.id, data: { deviceId } },
      ]);
    });
  }

  // Stored whether or not a push service is configured (Zulip keeps local tokens either way);
  // registered with the bouncer when one is.
  async addToken(
    { user, realm }: ChatCaller,
    kind: PushTokenKind,
    token: string,
    iosAppId: string | null,
  ): Promise<void> {
    validateToken(token, kind);
    await this.outbox.run(async (tx) => {
      const added = await this.devices.addToken(tx, {
        realmId: realm.id,
        userId: user.id,
        kind,
        tokenHash: this.vault.hash(token),
        tokenSealed: this.vault.seal(token),
        iosAppId,
      });
      if (added === null || !this.configured) return;
      await this.queue.add(tx, [
        {
          kind: 'token_register',
          realmId: realm.id,
          userId: user.id,
          data: { tokenKind: kind, iosAppId },
          secret: this.vault.seal(token),
        },
      ]);
    });
  }

  // With a push service, the bouncer is asked to forget the token even when this server had no
  // copy of it (Zulip's remove_push_device_token).
  async removeToken({ user, realm }: ChatCaller, kind: PushTokenKind, token: string): Promise<void> {
    validateToken(token, kind);
    await this.outbox.run(async (tx) => {
      const removed = await this.devices.removeToken(tx, user.id, kind, this.vault.hash(token));
      if (!this.configured) {
        if (!removed) throw ChatError.badRequest('Token does not exist');
        return;
      }
      await this.queue.add(tx, [
        {
          kind: 'token_unregister',
          realmId: realm.id,
          userId: user.id,
          data: { tokenKind: kind },
          secret: this.vault.seal(token),
        },
      ]);
    });
  }
}
