import { Controller, Headers, Param } from '@nestjs/common';
import { type ChatCaller, CurrentCaller } from '../core/http/chat-caller.js';
import { clientName } from '../messages/message-text.js';
import { ChatEndpoint } from '../core/http/chat-endpoint.decorator.js';
import { ChatParams } from '../core/http/chat-params.decorator.js';
import { optional, type ParamsOf, required } from '../core/http/param-declarations.js';
import { param } from '../core/http/param-types.js';
import { pathId } from '../core/http/path-id.js';
import { deliveryTimestamp, fromUnixSeconds } from '../scheduled-messages/delivery-time.js';
import { RemindersService } from './reminders.service.js';

const remindParams = {
  message_id: required(param.int()),
  scheduled_delivery_timestamp: required(deliveryTimestamp),
  note: optional(param.string()),
  client: optional(param.string()),
};

@Controller()
export class RemindersController {
  constructor(private readonly reminders: RemindersService) {}

  @ChatEndpoint('GET', 'reminders')
  list(@CurrentCaller() caller: ChatCaller) {
    return this.reminders.list(caller);
  }

  @ChatEndpoint('POST', 'reminders')
  create(
    @CurrentCaller() caller: ChatCaller,
    @ChatParams(remindParams) p: ParamsOf<typeof remindParams>,
    @Headers('user-agent') userAgent: string | undefined,
  ) {
    return this.reminders.create(caller, {
      messageId: p.message_id,
      deliverAt: fromUnixSeconds(p.scheduled_delivery_timestamp),
      note: p.note,
      client: clientName(p.client, userAgent),
    });
  }

  @ChatEndpoint('DELETE', 'reminders/:reminder_id')
  delete(@CurrentCaller() caller: ChatCaller, @Param('reminder_id') id: string) {
    return this.reminders.delete(caller, pathId(id));
  }
}
