import { type ChatTransaction, publishChatEvent } from '../core/events/chat-event.publisher.js';
import type { PushDeviceEntity } from './push-device.entity.js';

// Zulip's push_device event, to the device's user: the account id as a string, and the error
// code only when the registration failed.
export function publishPushDeviceEvent(
  tx: ChatTransaction,
  device: Pick<PushDeviceEntity, 'realmId' | 'userId' | 'pushAccountId'>,
  status: 'active' | 'failed',
  errorCode: string | null,
): Promise<void> {
  return publishChatEvent(tx, {
    realmId: device.realmId,
    userIds: [device.userId],
    event: {
      type: 'push_device',
      push_account_id: device.pushAccountId,
      status,
      ...(status === 'failed' ? { error_code: errorCode } : {}),
    },
  });
}
