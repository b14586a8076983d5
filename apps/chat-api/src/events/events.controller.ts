import { Controller, Req } from '@nestjs/common';
import type { Request } from 'express';
import { type ChatCaller, CurrentCaller } from '../auth/chat-caller.js';
import { ChatEndpoint } from '../request/chat-endpoint.decorator.js';
import { ChatParams } from '../request/chat-params.decorator.js';
import { optional, type ParamsOf, required, withDefault } from '../request/param-declarations.js';
import { param, shape } from '../request/param-types.js';
import { EventQueueAccess } from './get-events.use-case.js';
import { RegisterQueueUseCase } from './register-queue.use-case.js';

// Zulip's declaration order for POST /register.
const registerParams = {
  apply_markdown: withDefault(param.bool(), false),
  client_gravatar: withDefault(param.bool(), true),
  include_subscribers: withDefault(param.json(shape.any()), false),
  event_types: optional(param.list(shape.string())),
  fetch_event_types: optional(param.list(shape.string())),
  client_capabilities: optional(param.dict()),
};

const getEventsParams = {
  queue_id: required(param.string()),
  last_event_id: optional(param.int()),
  dont_block: withDefault(param.bool(), false),
};

const deleteQueueParams = {
  queue_id: required(param.string()),
};

@Controller()
export class EventsController {
  constructor(
    private readonly register: RegisterQueueUseCase,
    private readonly queues: EventQueueAccess,
  ) {}

  @ChatEndpoint('POST', 'register')
  registerQueue(
    @CurrentCaller() caller: ChatCaller,
    @ChatParams(registerParams) p: ParamsOf<typeof registerParams>,
  ) {
    return this.register.execute(caller, {
      applyMarkdown: p.apply_markdown,
      clientGravatar: p.client_gravatar,
      includeSubscribers: p.include_subscribers === true || p.include_subscribers === 'partial',
      emptyTopicNameCapable: p.client_capabilities?.['empty_topic_name'] === true,
      eventTypes: p.event_types,
      fetchEventTypes: p.fetch_event_types,
    });
  }

  // Long polls are not rate limited: a client holds one open at all times.
  @ChatEndpoint('GET', 'events', { rateLimited: false })
  poll(
    @CurrentCaller() caller: ChatCaller,
    @ChatParams(getEventsParams) p: ParamsOf<typeof getEventsParams>,
    @Req() request: Request,
  ) {
    const closed = new Promise<void>((resolve) => request.socket.once('close', () => resolve()));
    return this.queues.poll(caller, p.queue_id, p.last_event_id, p.dont_block, closed);
  }

  @ChatEndpoint('DELETE', 'events')
  delete(
    @CurrentCaller() caller: ChatCaller,
    @ChatParams(deleteQueueParams) p: ParamsOf<typeof deleteQueueParams>,
  ) {
    return this.queues.delete(caller, p.queue_id);
  }
}
