import { Controller, Param } from '@nestjs/common';
import { type ChatCaller, CurrentCaller } from '../core/http/chat-caller.js';
import { ChatEndpoint } from '../core/http/chat-endpoint.decorator.js';
import { ChatParams } from '../core/http/chat-params.decorator.js';
import { optional, type ParamsOf } from '../core/http/param-declarations.js';
import { param, type ParamType } from '../core/http/param-types.js';
import { pathId } from '../core/http/path-id.js';
import { MAX_STREAM_DESCRIPTION_LENGTH } from '../core/server-facts.js';
import { UpdateChannelUseCase } from './update-channel.use-case.js';

// Pydantic's `Json[int | None]` where null means something (no folder), unlike a missing value.
const intOrNull: ParamType<number | null> = {
  parse: (raw, varName) => (raw.trim() === 'null' ? null : param.int().parse(raw, varName)),
};

// Zulip 11's update_stream_backend parameters this server reads, in its declaration order.
// is_default_stream, message_retention_days, is_archived, topics_policy and the can_*_group
// settings are not read: they come back in ignored_parameters_unsupported.
const updateParams = {
  description: optional(param.string({ maxLength: MAX_STREAM_DESCRIPTION_LENGTH })),
  is_private: optional(param.bool()),
  history_public_to_subscribers: optional(param.bool()),
  is_web_public: optional(param.bool()),
  new_name: optional(param.string()),
  folder_id: optional(intOrNull),
};

@Controller()
export class ChannelSettingsController {
  constructor(private readonly updateChannel: UpdateChannelUseCase) {}

  @ChatEndpoint('PATCH', 'streams/:stream_id')
  update(
    @CurrentCaller() caller: ChatCaller,
    @Param('stream_id') streamId: string,
    @ChatParams(updateParams) p: ParamsOf<typeof updateParams>,
  ) {
    return this.updateChannel.execute(caller, pathId(streamId), {
      description: p.description,
      isPrivate: p.is_private,
      historyPublicToSubscribers: p.history_public_to_subscribers,
      isWebPublic: p.is_web_public,
      newName: p.new_name,
      folderId: p.folder_id,
    });
  }
}
