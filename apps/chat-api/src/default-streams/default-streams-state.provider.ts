import type { ChatCaller } from '../core/http/chat-caller.js';
import { type RegisterStateProvider, RegisterState } from '../core/events/register-state.js';
import { DefaultStreamsService } from './default-streams.service.js';

// `realm_default_streams` (event type `default_streams`): the default channels' ids.
@RegisterState()
export class DefaultStreamsStateProvider implements RegisterStateProvider {
  constructor(private readonly defaults: DefaultStreamsService) {}

  async fetch(caller: ChatCaller, want: (type: string) => boolean) {
    return want('default_streams') ? { realm_default_streams: await this.defaults.ids(caller) } : {};
  }
}
