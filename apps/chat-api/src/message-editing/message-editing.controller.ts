import { Controller, Param } from '@nestjs/common';
import { type ChatCaller, CurrentCaller } from '../core/http/chat-caller.js';
import { ChatEndpoint } from '../core/http/chat-endpoint.decorator.js';
import { ChatParams } from '../core/http/chat-params.decorator.js';
import { optional, type ParamsOf, withDefault } from '../core/http/param-declarations.js';
import { param } from '../core/http/param-types.js';
import { pathId } from '../core/http/path-id.js';
import { EditMessageUseCase } from './edit-message.use-case.js';
import { MessageHistoryQuery } from './message-history.query.js';

// Zulip's update_message_backend, its parameters in their validation order (sorted by name).
const editParams = {
  content: optional(param.string()),
  propagate_mode: withDefault(
    param.literal(['change_later', 'change_one', 'change_all'] as const),
    'change_one',
  ),
  send_notification_to_new_thread: withDefault(param.bool(), true),
  send_notification_to_old_thread: withDefault(param.bool(), false),
  stream_id: optional(param.int({ min: 0 })),
  topic: optional(param.string(), { aliases: ['subject'] }),
};

const historyParams = {
  allow_empty_topic_name: withDefault(param.bool(), false),
};

@Controller()
export class MessageEditingController {
  constructor(
    private readonly editMessage: EditMessageUseCase,
    private readonly history: MessageHistoryQuery,
  ) {}

  @ChatEndpoint('PATCH', 'messages/:message_id')
  edit(
    @CurrentCaller() caller: ChatCaller,
    @Param('message_id') messageId: string,
    @ChatParams(editParams) p: ParamsOf<typeof editParams>,
  ) {
    return this.editMessage.execute(caller, pathId(messageId), {
      content: p.content,
      topic: p.topic,
      streamId: p.stream_id,
      propagateMode: p.propagate_mode,
      notifyOldThread: p.send_notification_to_old_thread,
      notifyNewThread: p.send_notification_to_new_thread,
    });
  }

  @ChatEndpoint('GET', 'messages/:message_id/history')
  editHistory(
    @CurrentCaller() caller: ChatCaller,
    @Param('message_id') messageId: string,
    @ChatParams(historyParams) p: ParamsOf<typeof historyParams>,
  ) {
    return this.history.execute(caller, pathId(messageId), p.allow_empty_topic_name);
  }
}
