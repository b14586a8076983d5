import { Controller, Param } from '@nestjs/common';
import { type ChatCaller, CurrentCaller } from '../core/http/chat-caller.js';
import { ChatEndpoint } from '../core/http/chat-endpoint.decorator.js';
import { ChatParams } from '../core/http/chat-params.decorator.js';
import { type ParamsOf, withDefault } from '../core/http/param-declarations.js';
import { param } from '../core/http/param-types.js';
import { pathId } from '../core/http/path-id.js';
import { TopicHistoryQuery } from './topic-history.query.js';

const topicParams = { allow_empty_topic_name: withDefault(param.bool(), false) };

@Controller()
export class TopicsController {
  constructor(private readonly history: TopicHistoryQuery) {}

  @ChatEndpoint('GET', 'users/me/:stream_id/topics')
  list(
    @CurrentCaller() caller: ChatCaller,
    @Param('stream_id') streamId: string,
    @ChatParams(topicParams) p: ParamsOf<typeof topicParams>,
  ) {
    return this.history.execute(caller, pathId(streamId), p.allow_empty_topic_name);
  }
}
