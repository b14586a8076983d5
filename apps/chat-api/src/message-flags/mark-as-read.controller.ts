import { Controller } from '@nestjs/common';
import { type ChatCaller, CurrentCaller } from '../core/http/chat-caller.js';
import { ChatEndpoint } from '../core/http/chat-endpoint.decorator.js';
import { ChatParams } from '../core/http/chat-params.decorator.js';
import { type ParamsOf, required } from '../core/http/param-declarations.js';
import { param } from '../core/http/param-types.js';
import { MarkAllAsReadUseCase } from './mark-all-as-read.use-case.js';
import { MarkConversationAsReadUseCase } from './mark-conversation-as-read.use-case.js';

const streamParams = {
  stream_id: required(param.int()),
};

const topicParams = {
  stream_id: required(param.int()),
  topic_name: required(param.string()),
};

@Controller()
export class MarkAsReadController {
  constructor(
    private readonly markAll: MarkAllAsReadUseCase,
    private readonly markConversation: MarkConversationAsReadUseCase,
  ) {}

  @ChatEndpoint('POST', 'mark_all_as_read')
  all(@CurrentCaller() caller: ChatCaller) {
    return this.markAll.execute(caller);
  }

  @ChatEndpoint('POST', 'mark_stream_as_read')
  stream(@CurrentCaller() caller: ChatCaller, @ChatParams(streamParams) p: ParamsOf<typeof streamParams>) {
    return this.markConversation.execute(caller, p.stream_id, null);
  }

  @ChatEndpoint('POST', 'mark_topic_as_read')
  topic(@CurrentCaller() caller: ChatCaller, @ChatParams(topicParams) p: ParamsOf<typeof topicParams>) {
    return this.markConversation.execute(caller, p.stream_id, p.topic_name);
  }
}
