import { Controller, Param } from '@nestjs/common';
import { type ChatCaller, CurrentCaller } from '../core/http/chat-caller.js';
import { ChatEndpoint } from '../core/http/chat-endpoint.decorator.js';
import { ChatParams } from '../core/http/chat-params.decorator.js';
import { type ParamsOf, required, withDefault } from '../core/http/param-declarations.js';
import { param } from '../core/http/param-types.js';
import { pathId } from '../core/http/path-id.js';
import { ArchiveStreamUseCase } from './archive-stream.use-case.js';
import { StreamDirectory } from './stream-directory.js';

const streamListParams = {
  include_public: withDefault(param.bool(), true),
  include_web_public: withDefault(param.bool(), false),
  include_subscribed: withDefault(param.bool(), true),
  exclude_archived: withDefault(param.bool(), true),
  include_all: withDefault(param.bool(), false, { aliases: ['include_all_active'] }),
};

const streamIdParams = {
  stream: required(param.string()),
};

@Controller()
export class StreamsController {
  constructor(
    private readonly archive: ArchiveStreamUseCase,
    private readonly directory: StreamDirectory,
  ) {}

  @ChatEndpoint('GET', 'streams')
  list(
    @CurrentCaller() caller: ChatCaller,
    @ChatParams(streamListParams) p: ParamsOf<typeof streamListParams>,
  ) {
    return this.directory.list(caller, {
      includePublic: p.include_public,
      includeSubscribed: p.include_subscribed,
      includeAll: p.include_all,
      excludeArchived: p.exclude_archived,
    });
  }

  // zulip-js streams.getStreamId.
  @ChatEndpoint('GET', 'get_stream_id')
  streamId(
    @CurrentCaller() caller: ChatCaller,
    @ChatParams(streamIdParams) p: ParamsOf<typeof streamIdParams>,
  ) {
    return this.directory.idByName(caller, p.stream);
  }

  @ChatEndpoint('GET', 'streams/:stream_id')
  one(@CurrentCaller() caller: ChatCaller, @Param('stream_id') streamId: string) {
    return this.directory.one(caller, pathId(streamId));
  }

  @ChatEndpoint('DELETE', 'streams/:stream_id')
  delete(@CurrentCaller() caller: ChatCaller, @Param('stream_id') streamId: string) {
    return this.archive.execute(caller, pathId(streamId));
  }
}
