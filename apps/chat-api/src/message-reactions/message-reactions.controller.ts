import { Controller, Param } from '@nestjs/common';
import { type ChatCaller, CurrentCaller } from '../core/http/chat-caller.js';
import { ChatEndpoint } from '../core/http/chat-endpoint.decorator.js';
import { ChatParams } from '../core/http/chat-params.decorator.js';
import { optional, type ParamsOf, required, withDefault } from '../core/http/param-declarations.js';
import { param } from '../core/http/param-types.js';
import { pathId } from '../core/http/path-id.js';
import { ReactUseCase } from './react.use-case.js';

// Zulip's declaration order (zerver/views/reactions.py): emoji_name, emoji_code, reaction_type.
// Adding needs a name; removing needs a name or a code and defaults the type to unicode_emoji.
const addParams = {
  emoji_name: required(param.string()),
  emoji_code: optional(param.string()),
  reaction_type: optional(param.string()),
};
const removeParams = {
  emoji_name: optional(param.string()),
  emoji_code: optional(param.string()),
  reaction_type: withDefault(param.string(), 'unicode_emoji'),
};

@Controller()
export class MessageReactionsController {
  constructor(private readonly react: ReactUseCase) {}

  @ChatEndpoint('POST', 'messages/:message_id/reactions')
  add(
    @CurrentCaller() caller: ChatCaller,
    @Param('message_id') id: string,
    @ChatParams(addParams) p: ParamsOf<typeof addParams>,
  ) {
    return this.react.add(caller, pathId(id), {
      emojiName: p.emoji_name,
      emojiCode: p.emoji_code,
      reactionType: p.reaction_type,
    });
  }

  @ChatEndpoint('DELETE', 'messages/:message_id/reactions')
  remove(
    @CurrentCaller() caller: ChatCaller,
    @Param('message_id') id: string,
    @ChatParams(removeParams) p: ParamsOf<typeof removeParams>,
  ) {
    return this.react.remove(caller, pathId(id), {
      emojiName: p.emoji_name,
      emojiCode: p.emoji_code,
      reactionType: p.reaction_type,
    });
  }
}
