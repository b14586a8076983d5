import { Controller } from '@nestjs/common';
import { type ChatCaller, CurrentCaller } from '../core/http/chat-caller.js';
import { ChatEndpoint } from '../core/http/chat-endpoint.decorator.js';
import { ChatParams } from '../core/http/chat-params.decorator.js';
import { type ParamsOf, required } from '../core/http/param-declarations.js';
import { param } from '../core/http/param-types.js';
import { DefaultStreamsService } from './default-streams.service.js';

const streamIdParams = {
  stream_id: required(param.int()),
};

@Controller()
export class DefaultStreamsController {
  constructor(private readonly defaults: DefaultStreamsService) {}

  // Not a Zulip route (clients read `realm_default_streams` from POST /register): the same ids.
  @ChatEndpoint('GET', 'default_streams')
  async list(@CurrentCaller() caller: ChatCaller) {
    return { default_streams: await this.defaults.ids(caller) };
  }

  @ChatEndpoint('POST', 'default_streams', { access: 'administrator' })
  add(@CurrentCaller() caller: ChatCaller, @ChatParams(streamIdParams) p: ParamsOf<typeof streamIdParams>) {
    return this.defaults.add(caller, p.stream_id);
  }

  @ChatEndpoint('DELETE', 'default_streams', { access: 'administrator' })
  remove(
    @CurrentCaller() caller: ChatCaller,
    @ChatParams(streamIdParams) p: ParamsOf<typeof streamIdParams>,
  ) {
    return this.defaults.remove(caller, p.stream_id);
  }
}
