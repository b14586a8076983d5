import { Controller, Req } from '@nestjs/common';
import type { Request } from 'express';
import { type ChatCaller, CurrentCaller } from '../core/http/chat-caller.js';
import { ChatEndpoint } from '../core/http/chat-endpoint.decorator.js';
import { ChatParams } from '../core/http/chat-params.decorator.js';
import { optional, type ParamsOf, required, withDefault } from '../core/http/param-declarations.js';
import { param, shape } from '../core/http/param-types.js';
import { boundedList, MAX_ITEMS_PER_LIST } from '../core/http/list-bounds.js';
import { clientCapabilities, narrowTerms } from './event-params.js';
import { EventQueueAccess } from './get-events.use-case.js';
import { RegisterQueueUseCase } from './register-queue.use-case.js';

// Zulip's declaration order for POST /register (zerver/views/events_register.py).
const registerParams = {
  all_public_streams: withDefault(param.bool(), false),
  apply_markdown: withDefault(param.bool(), false),
  client_capabilities: withDefault(param.json(clientCapabilities), {}),
  // `null` is the default: Zulip computes Gravatar URLs for logged-in clients only on request.
  client_gravatar: optional(param.orNull(param.bool())),
  event_types: optional(boundedList(shape.string(), MAX_ITEMS_PER_LIST)),
  fetch_event_types: optional(boundedList(shape.string(), MAX_ITEMS_PER_LIST)),
  include_subscribers: withDefault(param.literal(['true', 'false', 'partial']), 'false'),
  narrow: withDefault(param.json(narrowTerms), []),
  presence_history_limit_days: optional(param.int()),
  queue_lifespan_secs: withDefault(param.int(), 0),
  slim_presence: withDefault(param.bool(), false),
};

// Zulip's GET /events (zerver/tornado/views.py): the queue settings are read only when the
// request creates its queue (no queue_id, dont_block).
const getEventsParams = {
  last_event_id: optional(param.int()),
  queue_id: optional(param.string()),
  apply_markdown: withDefault(param.bool(), false),
  client_gravatar: withDefault(param.bool(), false),
  slim_presence: withDefault(param.bool(), false),
  all_public_streams: withDefault(param.bool(), false),
  event_types: optional(boundedList(shape.string(), MAX_ITEMS_PER_LIST)),
  dont_block: withDefault(param.bool(), false),
  narrow: withDefault(param.json(narrowTerms), []),
  lifespan_secs: withDefault(param.int({ min: 0 }), 0),
  bulk_message_deletion: withDefault(param.bool(), false),
  stream_typing_notifications: withDefault(param.bool(), false),
  pronouns_field_type_supported: withDefault(param.bool(), true),
  linkifier_url_template: withDefault(param.bool(), false),
  user_list_incomplete: withDefault(param.bool(), false),
  include_deactivated_groups: withDefault(param.bool(), false),
  archived_channels: withDefault(param.bool(), false),
  empty_topic_name: withDefault(param.bool(), false),
  simplified_presence_events: withDefault(param.bool(), false),
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
      clientGravatar: p.client_gravatar ?? true,
      includeSubscribers: p.include_subscribers !== 'false',
      emptyTopicNameCapable: p.client_capabilities.empty_topic_name === true,
      userSettingsObject: p.client_capabilities.user_settings_object === true,
      presence: {
        modern: p.slim_presence || p.client_capabilities.simplified_presence_events === true,
        historyLimitDays: p.presence_history_limit_days ?? null,
      },
      eventTypes: p.event_types,
      fetchEventTypes: p.fetch_event_types,
      queue: {
        allPublicStreams: p.all_public_streams,
        narrow: p.narrow,
        lifespanSeconds: p.queue_lifespan_secs,
        streamTypingNotifications: p.client_capabilities.stream_typing_notifications === true,
        bulkMessageDeletion: p.client_capabilities.bulk_message_deletion === true,
        slimPresence: p.slim_presence,
        simplifiedPresenceEvents: p.client_capabilities.simplified_presence_events === true,
      },
    });
  }

  // Long polls are not rate limited: a client holds one open at all times.
  @ChatEndpoint('GET', 'events', { rateLimited: false })
  poll(
    @CurrentCaller() caller: ChatCaller,
    @ChatParams(getEventsParams) p: ParamsOf<typeof getEventsParams>,
    @Req() request: Request,
  ) {
    // The response's close, not the socket's: a kept-alive socket carries poll after poll, and
    // a listener left on it by each would pile up.
    const closed = new Promise<void>((resolve) => request.res?.once('close', () => resolve()));
    const newQueue = {
      eventTypes: p.event_types ? new Set(p.event_types) : null,
      applyMarkdown: p.apply_markdown,
      clientGravatar: p.client_gravatar,
      allPublicStreams: p.all_public_streams,
      narrow: p.narrow,
      emptyTopicName: p.empty_topic_name,
      streamTypingNotifications: p.stream_typing_notifications,
      bulkMessageDeletion: p.bulk_message_deletion,
      slimPresence: p.slim_presence,
      simplifiedPresenceEvents: p.simplified_presence_events,
      lifespanSeconds: p.lifespan_secs,
    };
    const command = { queueId: p.queue_id, lastEventId: p.last_event_id, dontBlock: p.dont_block, newQueue };
    return this.queues.poll(caller, command, closed);
  }

  @ChatEndpoint('DELETE', 'events')
  delete(
    @CurrentCaller() caller: ChatCaller,
    @ChatParams(deleteQueueParams) p: ParamsOf<typeof deleteQueueParams>,
  ) {
    return this.queues.delete(caller, p.queue_id);
  }
}
