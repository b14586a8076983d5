import { Controller, Param } from '@nestjs/common';
import { type ChatCaller, CurrentCaller } from '../core/http/chat-caller.js';
import { ChatEndpoint } from '../core/http/chat-endpoint.decorator.js';
import { ChatParams } from '../core/http/chat-params.decorator.js';
import { optional, type ParamsOf, required, withDefault } from '../core/http/param-declarations.js';
import { param, shape } from '../core/http/param-types.js';
import { boundedList, MAX_ITEMS_PER_LIST } from '../core/http/list-bounds.js';
import { pathId } from '../core/http/path-id.js';
import {
  MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH,
  MAX_CHANNEL_FOLDER_NAME_LENGTH,
} from './channel-folder.entity.js';
import { ChannelFoldersService } from './channel-folders.service.js';

// Zulip 11 declares the description before the name.
const createParams = {
  description: required(param.string({ maxLength: MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH })),
  name: required(param.string({ maxLength: MAX_CHANNEL_FOLDER_NAME_LENGTH })),
};

const listParams = {
  include_archived: withDefault(param.bool(), false),
};

const reorderParams = {
  order: required(boundedList(shape.int(), MAX_ITEMS_PER_LIST)),
};

const updateParams = {
  description: optional(param.string({ maxLength: MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH })),
  is_archived: optional(param.bool()),
  name: optional(param.string({ maxLength: MAX_CHANNEL_FOLDER_NAME_LENGTH })),
};

@Controller()
export class ChannelFoldersController {
  constructor(private readonly folders: ChannelFoldersService) {}

  @ChatEndpoint('POST', 'channel_folders/create', { access: 'administrator' })
  create(@CurrentCaller() caller: ChatCaller, @ChatParams(createParams) p: ParamsOf<typeof createParams>) {
    return this.folders.create(caller, p.name, p.description);
  }

  @ChatEndpoint('GET', 'channel_folders')
  list(@CurrentCaller() caller: ChatCaller, @ChatParams(listParams) p: ParamsOf<typeof listParams>) {
    return this.folders.list(caller, p.include_archived);
  }

  @ChatEndpoint('PATCH', 'channel_folders', { access: 'administrator' })
  reorder(@CurrentCaller() caller: ChatCaller, @ChatParams(reorderParams) p: ParamsOf<typeof reorderParams>) {
    return this.folders.reorder(caller, p.order);
  }

  @ChatEndpoint('PATCH', 'channel_folders/:channel_folder_id', { access: 'administrator' })
  update(
    @CurrentCaller() caller: ChatCaller,
    @Param('channel_folder_id') id: string,
    @ChatParams(updateParams) p: ParamsOf<typeof updateParams>,
  ) {
    return this.folders.update(caller, pathId(id), {
      description: p.description,
      isArchived: p.is_archived,
      name: p.name,
    });
  }
}
