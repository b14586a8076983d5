import { Controller, Param } from '@nestjs/common';
import { type ChatCaller, CurrentCaller } from '../core/http/chat-caller.js';
import { ChatEndpoint } from '../core/http/chat-endpoint.decorator.js';
import { pathId } from '../core/http/path-id.js';
import { DeleteMessageUseCase } from './delete-message.use-case.js';

@Controller()
export class MessageDeletionController {
  constructor(private readonly deleteMessage: DeleteMessageUseCase) {}

  @ChatEndpoint('DELETE', 'messages/:message_id')
  delete(@CurrentCaller() caller: ChatCaller, @Param('message_id') messageId: string) {
    return this.deleteMessage.execute(caller, pathId(messageId));
  }
}
