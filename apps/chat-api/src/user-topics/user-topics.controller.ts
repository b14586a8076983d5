import { Controller } from '@nestjs/common';
import { type ChatCaller, CurrentCaller } from '../core/http/chat-caller.js';
import { ChatEndpoint } from '../core/http/chat-endpoint.decorator.js';
import { ChatParams } from '../core/http/chat-params.decorator.js';
import { optional, type ParamsOf, required } from '../core/http/param-declarations.js';
import { invalid, param, type ParamType } from '../core/http/param-types.js';
import { MAX_TOPIC_LENGTH } from '../core/server-facts.js';
import { VisibilityPolicy } from './user-topic.entity.js';
import { UserTopicsService } from './user-topics.service.js';

const userTopicParams = {
  stream_id: required(param.int()),
  topic: required(param.string({ maxLength: MAX_TOPIC_LENGTH })),
  visibility_policy: required(visibilityPolicy()),
};

// The legacy route, in Zulip's declaration order.
const mutedTopicParams = {
  op: required(param.literal(['add', 'remove'] as const)),
  topic: required(param.string({ maxLength: MAX_TOPIC_LENGTH })),
  stream: optional(param.string()),
  stream_id: optional(param.int()),
};

@Controller()
export class UserTopicsController {
  constructor(private readonly userTopics: UserTopicsService) {}

  @ChatEndpoint('POST', 'user_topics')
  set(@CurrentCaller() caller: ChatCaller, @ChatParams(userTopicParams) p: ParamsOf<typeof userTopicParams>) {
    return this.userTopics.setPolicy(caller, p.stream_id, p.topic, p.visibility_policy);
  }

  @ChatEndpoint('PATCH', 'users/me/subscriptions/muted_topics')
  mute(
    @CurrentCaller() caller: ChatCaller,
    @ChatParams(mutedTopicParams) p: ParamsOf<typeof mutedTopicParams>,
  ) {
    return this.userTopics.legacyMute(caller, p.op, p.topic, { name: p.stream, id: p.stream_id });
  }
}

// Zulip's Json[int] with check_int_in_validator over the four policies: a value error.
function visibilityPolicy(): ParamType<number> {
  const policies: readonly number[] = Object.values(VisibilityPolicy);
  return {
    parse(raw, varName) {
      const policy = param.int().parse(raw, varName);
      if (!policies.includes(policy))
        throw invalid(`Invalid ${varName}: Value error, Not in the list of possible values`);
      return policy;
    },
  };
}
