import { Injectable } from '@nestjs/common';
import type { ChatCaller } from '../core/accounts/chat-caller.js';
import type { ChatHotEndpoint } from '../request/chat-hot-endpoint.js';
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

// POST /messages/flags, a hot endpoint: clients mark messages read as they are displayed.
@Injectable()
export class MessageFlagsEndpoint implements ChatHotEndpoint<typeof flagsParams> {
  readonly route = { method: 'POST', path: 'messages/flags', access: 'user', rateLimited: true } as const;
  readonly params = flagsParams;

  constructor(private readonly updateFlags: UpdateMessageFlagsUseCase) {}

  handle(caller: ChatCaller, p: ParamsOf<typeof flagsParams>) {
    return this.updateFlags.execute(caller, { messages: p.messages, operation: p.op, flag: p.flag });
  }
}
