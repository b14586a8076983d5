import { Controller } from '@nestjs/common';
import { type ChatCaller, CurrentCaller } from '../core/http/chat-caller.js';
import { ChatEndpoint } from '../core/http/chat-endpoint.decorator.js';
import { ChatParams } from '../core/http/chat-params.decorator.js';
import { type ParamsOf, required } from '../core/http/param-declarations.js';
import { param, shape } from '../core/http/param-types.js';
import { UpdateMessageFlagsUseCase } from './update-message-flags.use-case.js';

// Zulip 11's declaration order (its keyword parameters are sorted by name: flag, messages,
// operation), which decides which missing or malformed parameter is reported first. op and flag
// are raw strings, checked by the use case with Zulip's texts.
const flagsParams = {
  flag: required(param.string()),
  messages: required(param.list(shape.int())),
  op: required(param.string()),
};

// POST /messages/flags, served directly (ahead of Express): clients mark messages read as they are displayed.
@Controller()
export class MessageFlagsController {
  constructor(private readonly updateFlags: UpdateMessageFlagsUseCase) {}

  @ChatEndpoint('POST', 'messages/flags', { direct: true })
  update(@CurrentCaller() caller: ChatCaller, @ChatParams(flagsParams) p: ParamsOf<typeof flagsParams>) {
    return this.updateFlags.execute(caller, { messages: p.messages, operation: p.op, flag: p.flag });
  }
}
