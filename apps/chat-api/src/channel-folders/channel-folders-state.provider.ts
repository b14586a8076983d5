import type { ChatCaller } from '../core/http/chat-caller.js';
import { type RegisterStateProvider, RegisterState } from '../core/events/register-state.js';
import {
  MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH,
  MAX_CHANNEL_FOLDER_NAME_LENGTH,
} from './channel-folder.entity.js';
import { ChannelFoldersService } from './channel-folders.service.js';

// `channel_folders` (every folder, archived ones too) and the folder limits of `realm`.
@RegisterState()
export class ChannelFoldersStateProvider implements RegisterStateProvider {
  constructor(private readonly folders: ChannelFoldersService) {}

  async fetch(caller: ChatCaller, want: (type: string) => boolean) {
    return {
      ...(want('realm')
        ? {
            max_channel_folder_name_length: MAX_CHANNEL_FOLDER_NAME_LENGTH,
            max_channel_folder_description_length: MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH,
          }
        : {}),
      ...(want('channel_folders') ? await this.folders.list(caller, true) : {}),
    };
  }
}
