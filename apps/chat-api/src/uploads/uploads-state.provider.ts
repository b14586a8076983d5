import type { ChatCaller } from '../core/http/chat-caller.js';
import { type RegisterStateProvider, RegisterState } from '../core/events/register-state.js';
import { UploadLimits } from './upload-limits.js';

// The upload bounds in POST /register's `realm` state (Zulip's fetch_initial_state_data).
@RegisterState()
export class UploadsStateProvider implements RegisterStateProvider {
  constructor(private readonly limits: UploadLimits) {}

  fetch(_caller: ChatCaller, want: (type: string) => boolean) {
    if (!want('realm')) return Promise.resolve({});
    return Promise.resolve({
      max_file_upload_size_mib: this.limits.maxFileMib,
      realm_upload_quota_mib: this.limits.realmQuotaMib,
    });
  }
}
