import type { ChatCaller } from '../core/http/chat-caller.js';
import { type RegisterStateProvider, RegisterState } from '../core/events/register-state.js';
import { PushDevicesRepository } from './push-devices.repository.js';

// `push_devices` in POST /register (Zulip's get_push_devices): every E2EE registration of the
// user by account id, even while the server has no push service, so that a client does not
// forget its accounts when the configuration is off for a while.
@RegisterState()
export class PushDevicesStateProvider implements RegisterStateProvider {
  constructor(private readonly devices: PushDevicesRepository) {}

  async fetch(caller: ChatCaller, want: (type: string) => boolean) {
    if (!want('push_device')) return {};
    const rows = await this.devices.devicesOf(caller.user.id);
    return {
      push_devices: Object.fromEntries(
        rows.map((row) => [row.pushAccountId, { status: row.status, error_code: row.errorCode }]),
      ),
    };
  }
}
