import { Controller, Param } from '@nestjs/common';
import { type ChatCaller, CurrentCaller } from '../core/http/chat-caller.js';
import { ChatEndpoint } from '../core/http/chat-endpoint.decorator.js';
import { pathId } from '../core/http/path-id.js';
import { AttachmentsService } from './attachments.service.js';

@Controller()
export class AttachmentsController {
  constructor(private readonly attachments: AttachmentsService) {}

  @ChatEndpoint('GET', 'attachments')
  list(@CurrentCaller() caller: ChatCaller) {
    return this.attachments.list(caller);
  }

  @ChatEndpoint('DELETE', 'attachments/:id')
  remove(@CurrentCaller() caller: ChatCaller, @Param('id') id: string) {
    return this.attachments.remove(caller, pathId(id));
  }
}
