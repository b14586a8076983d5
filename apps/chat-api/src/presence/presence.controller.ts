import { Controller, Param } from '@nestjs/common';
import { type ChatCaller, CurrentCaller } from '../core/http/chat-caller.js';
import { ChatEndpoint } from '../core/http/chat-endpoint.decorator.js';
import { ChatParams } from '../core/http/chat-params.decorator.js';
import { optional, type ParamsOf, required, withDefault } from '../core/http/param-declarations.js';
import { param } from '../core/http/param-types.js';
import { PresenceReader } from './presence-reader.js';
import { presenceStatus, UpdatePresenceUseCase } from './update-presence.use-case.js';
import { UserPresenceQuery } from './user-presence.query.js';

// Zulip's declaration order (update_active_status_backend). new_user_input feeds Zulip's usage
// statistics, which this server does not keep: read, and nothing more.
const updateParams = {
  history_limit_days: optional(param.int()),
  last_update_id: optional(param.int()),
  new_user_input: withDefault(param.bool(), false),
  ping_only: withDefault(param.bool(), false),
  slim_presence: withDefault(param.bool(), false),
  status: required(param.string()),
};

@Controller()
export class PresenceController {
  constructor(
    private readonly update: UpdatePresenceUseCase,
    private readonly reader: PresenceReader,
    private readonly userPresence: UserPresenceQuery,
  ) {}

  @ChatEndpoint('POST', 'users/me/presence', { access: 'human' })
  async report(
    @CurrentCaller() caller: ChatCaller,
    @ChatParams(updateParams) p: ParamsOf<typeof updateParams>,
  ) {
    await this.update.execute(caller, presenceStatus(p.status));
    if (p.ping_only) return {};
    return this.reader.realm(caller.realm.id, {
      // A client that sends last_update_id speaks the modern protocol.
      modern: p.slim_presence || p.last_update_id !== undefined,
      lastUpdateId: p.last_update_id ?? null,
      historyLimitDays: p.history_limit_days ?? null,
    });
  }

  // The legacy format, without presence_last_update_id (Zulip drops it here).
  @ChatEndpoint('GET', 'realm/presence')
  async realm(@CurrentCaller() caller: ChatCaller) {
    const query = { modern: false, lastUpdateId: null, historyLimitDays: null };
    const { presences, server_timestamp } = await this.reader.realm(caller.realm.id, query);
    return { presences, server_timestamp };
  }

  @ChatEndpoint('GET', 'users/:user_id_or_email/presence')
  user(@CurrentCaller() caller: ChatCaller, @Param('user_id_or_email') target: string) {
    return this.userPresence.read(caller, target);
  }
}
