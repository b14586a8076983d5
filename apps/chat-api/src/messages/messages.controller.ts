import { Controller, Headers } from '@nestjs/common';
import { type ChatCaller, CurrentCaller } from '../auth/chat-caller.js';
import { ChatEndpoint } from '../request/chat-endpoint.decorator.js';
import { ChatParams } from '../request/chat-params.decorator.js';
import { optional, type ParamsOf, required } from '../request/param-declarations.js';
import { param } from '../request/param-types.js';
import { clientName } from './message-text.js';
import { SendMessageUseCase } from './send-message.use-case.js';

// Zulip's declaration order: type, to, topic (alias subject), content, read_by_sender.
const sendMessageParams = {
  type: required(param.literal(['stream', 'channel', 'private', 'direct'])),
  to: optional(param.string()),
  topic: optional(param.string(), { aliases: ['subject'] }),
  content: required(param.string()),
  read_by_sender: optional(param.bool()),
  client: optional(param.string()),
};

@Controller()
export class MessagesController {
  constructor(private readonly sendMessage: SendMessageUseCase) {}

  @ChatEndpoint('POST', 'messages')
  send(
    @CurrentCaller() caller: ChatCaller,
    @ChatParams(sendMessageParams) p: ParamsOf<typeof sendMessageParams>,
    @Headers('user-agent') userAgent: string | undefined,
  ) {
    return this.sendMessage.execute(caller, {
      type: p.type === 'stream' || p.type === 'channel' ? 'stream' : 'direct',
      to: p.to,
      topic: p.topic,
      content: p.content,
      readBySender: p.read_by_sender,
      client: clientName(p.client, userAgent),
    });
  }
}
