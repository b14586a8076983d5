import { Controller } from '@nestjs/common';
import { type ChatCaller, CurrentCaller } from '../core/http/chat-caller.js';
import { ChatEndpoint } from '../core/http/chat-endpoint.decorator.js';
import { ChatParams } from '../core/http/chat-params.decorator.js';
import { optional, type ParamsOf, required, withDefault } from '../core/http/param-declarations.js';
import { param, shape } from '../core/http/param-types.js';
import { SendTypingUseCase } from './send-typing.use-case.js';

// Zulip 11's declaration order (its keyword parameters are sorted by name: notification_to,
// operator, req_type, stream_id, topic), which decides which missing or malformed parameter is
// reported first. `private` is no longer a typing type (feature level 215); `to` is read for
// direct typing only, `stream_id` and `topic` for channels only.
const typingParams = {
  to: optional(param.orNull(param.list(shape.int()))),
  op: required(param.literal(['start', 'stop'] as const)),
  type: withDefault(param.literal(['direct', 'stream', 'channel'] as const), 'direct'),
  stream_id: optional(param.orNull(param.int())),
  topic: optional(param.string()),
};

// POST /typing, served directly (ahead of Express): every composing client sends one every few seconds.
@Controller()
export class TypingController {
  constructor(private readonly sendTyping: SendTypingUseCase) {}

  @ChatEndpoint('POST', 'typing', { direct: true })
  send(@CurrentCaller() caller: ChatCaller, @ChatParams(typingParams) p: ParamsOf<typeof typingParams>) {
    return this.sendTyping.execute(
      caller,
      p.type === 'direct'
        ? { kind: 'direct', op: p.op, to: p.to }
        : { kind: 'channel', op: p.op, streamId: p.stream_id, topic: p.topic },
    );
  }
}
