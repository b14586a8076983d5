import { Controller, Headers, Param } from '@nestjs/common';
import { type ChatCaller, CurrentCaller } from '../core/http/chat-caller.js';
import { ChatEndpoint } from '../core/http/chat-endpoint.decorator.js';
import { ChatParams } from '../core/http/chat-params.decorator.js';
import { optional, type ParamsOf, required, withDefault } from '../core/http/param-declarations.js';
import { param, shape } from '../core/http/param-types.js';
import { pathId } from '../core/http/path-id.js';
import { boundedList } from '../core/http/list-bounds.js';
import { GetMessageQuery } from './get-message.query.js';
import { GetMessagesQuery } from './get-messages.query.js';
import { MatchesNarrowQuery } from './matches-narrow.query.js';
import { clientName } from './message-text.js';
import { narrowShape } from './narrow.js';
import { SendMessageUseCase } from './send-message.use-case.js';
import { MessagePreview } from './message-preview.js';

// Zulip's declaration order (its keyword arguments sorted by Python name): content, local_id,
// queue_id, read_by_sender, to, type, topic (alias subject). local_id and queue_id only matter to
// the sender's own event queue: its message event carries local_message_id.
const sendMessageParams = {
  content: required(param.string()),
  local_id: optional(param.string()),
  queue_id: optional(param.string()),
  read_by_sender: optional(param.bool()),
  to: optional(param.string()),
  type: required(param.literal(['stream', 'channel', 'private', 'direct'])),
  topic: optional(param.string(), { aliases: ['subject'] }),
  client: optional(param.string()),
};

const getMessagesParams = {
  anchor: optional(param.string()),
  include_anchor: withDefault(param.bool(), true),
  // Optional since Zulip 10 (message_ids is the other way to ask); 0 when left out.
  num_before: withDefault(param.int({ min: 0 }), 0),
  num_after: withDefault(param.int({ min: 0 }), 0),
  narrow: withDefault(param.json(narrowShape), []),
  use_first_unread_anchor: withDefault(param.bool(), false),
  client_gravatar: withDefault(param.bool(), true),
  apply_markdown: withDefault(param.bool(), true),
  allow_empty_topic_name: withDefault(param.bool(), false),
  message_ids: optional(param.orNull(param.list(shape.int({ min: 0 })))),
};

const renderParams = {
  content: required(param.string()),
};

// As many as one GET /messages fetch answers (Zulip caps none: README, "Request bounds").
const MAX_MESSAGES_PER_MATCH = 5000;

const matchesNarrowParams = {
  msg_ids: required(boundedList(shape.int(), MAX_MESSAGES_PER_MATCH)),
  narrow: required(param.json(narrowShape)),
};

const getMessageParams = {
  apply_markdown: withDefault(param.bool(), true),
  allow_empty_topic_name: withDefault(param.bool(), false),
};

@Controller()
export class MessagesController {
  constructor(
    private readonly sendMessage: SendMessageUseCase,
    private readonly getMessages: GetMessagesQuery,
    private readonly getMessage: GetMessageQuery,
    private readonly preview: MessagePreview,
    private readonly matchesNarrow: MatchesNarrowQuery,
  ) {}

  // Zulip's render_message_backend: the HTML a message with this content would get.
  @ChatEndpoint('POST', 'messages/render')
  async render(
    @CurrentCaller() caller: ChatCaller,
    @ChatParams(renderParams) p: ParamsOf<typeof renderParams>,
  ) {
    return { rendered: await this.preview.html(caller.realm.id, p.content) };
  }

  @ChatEndpoint('GET', 'messages')
  list(
    @CurrentCaller() caller: ChatCaller,
    @ChatParams(getMessagesParams) p: ParamsOf<typeof getMessagesParams>,
  ) {
    return this.getMessages.execute(caller, {
      anchor: p.anchor,
      useFirstUnreadAnchor: p.use_first_unread_anchor,
      includeAnchor: p.include_anchor,
      numBefore: p.num_before,
      numAfter: p.num_after,
      narrow: p.narrow,
      applyMarkdown: p.apply_markdown,
      clientGravatar: p.client_gravatar,
      allowEmptyTopicName: p.allow_empty_topic_name,
      messageIds: p.message_ids,
    });
  }

  // Declared before messages/:message_id, which would take the literal segment.
  @ChatEndpoint('GET', 'messages/matches_narrow')
  matches(
    @CurrentCaller() caller: ChatCaller,
    @ChatParams(matchesNarrowParams) p: ParamsOf<typeof matchesNarrowParams>,
  ) {
    return this.matchesNarrow.execute(caller, p.msg_ids, p.narrow);
  }

  @ChatEndpoint('GET', 'messages/:message_id')
  one(
    @CurrentCaller() caller: ChatCaller,
    @Param('message_id') messageId: string,
    @ChatParams(getMessageParams) p: ParamsOf<typeof getMessageParams>,
  ) {
    return this.getMessage.execute(caller, pathId(messageId), {
      applyMarkdown: p.apply_markdown,
      allowEmptyTopicName: p.allow_empty_topic_name,
    });
  }

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
      echo: { localId: p.local_id, senderQueueId: p.queue_id },
    });
  }
}
