import { Clock } from '@shared/util';
import { type RegisterStateProvider, RegisterState } from '../core/events/register-state.js';

// `presences` in POST /register. This server records no presence, so no user has a presence
// row: Zulip's get_presences_for_realm then answers {} and, for a client that sent no
// last_update_id, -1.
@RegisterState()
export class PresenceStateProvider implements RegisterStateProvider {
  constructor(private readonly clock: Clock) {}

  fetch(_caller: unknown, want: (type: string) => boolean) {
    if (!want('presence')) return Promise.resolve({});
    return Promise.resolve({
      presences: {},
      presence_last_update_id: -1,
      // Seconds, with a fraction, as GET /presence says it.
      server_timestamp: this.clock.now().getTime() / 1000,
    });
  }
}
