import type { ChatCaller } from '../core/http/chat-caller.js';
import { type RegisterStateProvider, RegisterState } from '../core/events/register-state.js';
import { THUMBNAIL_OUTPUT_FORMATS, thumbnailFormatName } from '../markdown/thumbnail-formats.js';
import { UploadLimits } from './upload-limits.js';

// Zulip's server_thumbnail_formats: the formats clients may ask for by name.
const SERVER_THUMBNAIL_FORMATS = THUMBNAIL_OUTPUT_FORMATS.map((format) => ({
  name: thumbnailFormatName(format),
  max_width: format.maxWidth,
  max_height: format.maxHeight,
  format: format.extension,
  animated: format.animated,
}));

// The upload bounds and thumbnail formats in POST /register's `realm` state (Zulip's
// fetch_initial_state_data).
@RegisterState()
export class UploadsStateProvider implements RegisterStateProvider {
  constructor(private readonly limits: UploadLimits) {}

  fetch(_caller: ChatCaller, want: (type: string) => boolean) {
    if (!want('realm')) return Promise.resolve({});
    return Promise.resolve({
      max_file_upload_size_mib: this.limits.maxFileMib,
      realm_upload_quota_mib: this.limits.realmQuotaMib,
      server_thumbnail_formats: SERVER_THUMBNAIL_FORMATS,
    });
  }
}
