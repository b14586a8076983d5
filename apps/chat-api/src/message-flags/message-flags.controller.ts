import { Controller } from '@nestjs/common';
import { type ChatCaller, CurrentCaller } from '../auth/chat-caller.js';
import { ChatEndpoint } from '../request/chat-endpoint.decorator.js';
import { ChatParams } from '../request/chat-params.decorator.js';
import { type ParamsOf, required } from '../request/param-declarations.js';
import { param, shape } from '../request/param-types.js';
import { UpdateMessageFlagsUseCase } from './update-message-flags.use-case.js';

// Zulip's declaration order: messages, op, flag (op and flag are raw strings, checked by the
// use case with Zulip's texts).
const flagsParams = {
  messages: required(param.list(shape.int())),
  op: required(param.string()),
  flag: required(param.string()),
};

@Controller()
export class MessageFlagsController {
  constructor(private readonly updateFlags: UpdateMessageFlagsUseCase) {}

  @ChatEndpoint('POST', 'messages/flags')
  update(@CurrentCaller() caller: ChatCaller, @ChatParams(flagsParams) p: ParamsOf<typeof flagsParams>) {
    return this.updateFlags.execute(caller, { messages: p.messages, operation: p.op, flag: p.flag });
  }
}
