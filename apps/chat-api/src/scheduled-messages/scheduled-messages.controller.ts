import { Controller, Headers, Param } from '@nestjs/common';
import { type ChatCaller, CurrentCaller } from '../core/http/chat-caller.js';
import { clientName } from '../messages/message-text.js';
import { ChatEndpoint } from '../core/http/chat-endpoint.decorator.js';
import { ChatParams } from '../core/http/chat-params.decorator.js';
import { optional, type ParamsOf, required } from '../core/http/param-declarations.js';
import { param } from '../core/http/param-types.js';
import { pathId } from '../core/http/path-id.js';
import { deliveryTimestamp, fromUnixSeconds } from './delivery-time.js';
import type { ScheduleKind } from './schedule-destination.js';
import { ScheduledMessagesService } from './scheduled-messages.service.js';

// Zulip's check_string_in_validator(Message.API_RECIPIENT_TYPES).
const messageType = param.oneOf(['direct', 'channel', 'stream', 'private'] as const);

// Zulip's declaration order (its keyword arguments, sorted by their Python names), which decides
// the first failing parameter. `to` is a channel id or a JSON list of user ids.
const createParams = {
  content: required(param.string()),
  read_by_sender: optional(param.bool()),
  to: required(param.intOrIntList()),
  type: required(messageType),
  scheduled_delivery_timestamp: required(deliveryTimestamp),
  topic: optional(param.string(), { aliases: ['subject'] }),
  client: optional(param.string()),
};

const editParams = {
  content: optional(param.string()),
  type: optional(messageType),
  scheduled_delivery_timestamp: optional(deliveryTimestamp),
  to: optional(param.intOrIntList()),
  topic: optional(param.string(), { aliases: ['subject'] }),
  client: optional(param.string()),
};

@Controller()
export class ScheduledMessagesController {
  constructor(private readonly scheduled: ScheduledMessagesService) {}

  @ChatEndpoint('GET', 'scheduled_messages')
  list(@CurrentCaller() caller: ChatCaller) {
    return this.scheduled.list(caller);
  }

  @ChatEndpoint('POST', 'scheduled_messages')
  create(
    @CurrentCaller() caller: ChatCaller,
    @ChatParams(createParams) p: ParamsOf<typeof createParams>,
    @Headers('user-agent') userAgent: string | undefined,
  ) {
    return this.scheduled.create(caller, {
      kind: kindOf(p.type),
      to: p.to,
      topic: p.topic,
      content: p.content,
      deliverAt: fromUnixSeconds(p.scheduled_delivery_timestamp),
      readBySender: p.read_by_sender,
      client: clientName(p.client, userAgent),
    });
  }

  @ChatEndpoint('PATCH', 'scheduled_messages/:scheduled_message_id')
  edit(
    @CurrentCaller() caller: ChatCaller,
    @Param('scheduled_message_id') id: string,
    @ChatParams(editParams) p: ParamsOf<typeof editParams>,
    @Headers('user-agent') userAgent: string | undefined,
  ) {
    return this.scheduled.edit(caller, pathId(id), {
      kind: p.type === undefined ? undefined : kindOf(p.type),
      to: p.to,
      topic: p.topic,
      content: p.content,
      deliverAt:
        p.scheduled_delivery_timestamp === undefined
          ? undefined
          : fromUnixSeconds(p.scheduled_delivery_timestamp),
      client: clientName(p.client, userAgent),
    });
  }

  @ChatEndpoint('DELETE', 'scheduled_messages/:scheduled_message_id')
  delete(@CurrentCaller() caller: ChatCaller, @Param('scheduled_message_id') id: string) {
    return this.scheduled.delete(caller, pathId(id));
  }
}

function kindOf(type: 'direct' | 'channel' | 'stream' | 'private'): ScheduleKind {
  return type === 'stream' || type === 'channel' ? 'stream' : 'direct';
}
