import { unixSeconds } from '../core/http/python-isoformat.js';
import type { ChannelFolderEntity } from './channel-folder.entity.js';

// A folder as GET /channel_folders, POST /register and `channel_folder` events describe it
// (Zulip 11's get_channel_folder_dict).
export function channelFolderRow(folder: ChannelFolderEntity) {
  return {
    id: folder.id,
    name: folder.name,
    description: folder.description,
    rendered_description: folder.renderedDescription,
    order: folder.order,
    date_created: unixSeconds(folder.dateCreated),
    creator_id: folder.creatorId,
    is_archived: folder.isArchived,
  };
}
