import type { ChatCaller } from '../core/http/chat-caller.js';
import { type RegisterStateProvider, RegisterState } from '../core/events/register-state.js';
import { REALM_GROUP_SETTINGS } from './system-groups.js';
import { UserGroupDirectory } from './user-group-directory.js';
import { UserGroupsQuery } from './user-groups.query.js';

// `realm_user_groups` (active groups, as for a client without the include_deactivated_groups
// capability) and, in the `realm` state, the realm's group settings as group ids.
@RegisterState()
export class UserGroupsStateProvider implements RegisterStateProvider {
  constructor(
    private readonly directory: UserGroupDirectory,
    private readonly query: UserGroupsQuery,
  ) {}

  async fetch({ realm }: ChatCaller, want: (type: string) => boolean) {
    const state: Record<string, unknown> = {};
    if (want('realm_user_groups')) state['realm_user_groups'] = await this.directory.list(realm.id, false);
    if (want('realm')) {
      const groups = await this.query.systemGroupIds(realm.id);
      for (const [setting, name] of Object.entries(REALM_GROUP_SETTINGS))
        state[`realm_${setting}`] = groups.get(name);
    }
    return state;
  }
}
