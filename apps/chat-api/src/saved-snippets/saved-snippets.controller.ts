import { Controller, Param } from '@nestjs/common';
import { type ChatCaller, CurrentCaller } from '../core/http/chat-caller.js';
import { ChatEndpoint } from '../core/http/chat-endpoint.decorator.js';
import { ChatParams } from '../core/http/chat-params.decorator.js';
import { optional, type ParamsOf, required } from '../core/http/param-declarations.js';
import { param } from '../core/http/param-types.js';
import { pathId } from '../core/http/path-id.js';
import { MAX_MESSAGE_LENGTH } from '../core/server-facts.js';
import { SavedSnippetsService } from './saved-snippets.service.js';

// Zulip strips both and refuses what is then empty (`title cannot be blank`).
const title = param.string({ maxLength: 60, nonBlank: true });
const content = param.string({ maxLength: MAX_MESSAGE_LENGTH, nonBlank: true });

// Zulip's declaration order (alphabetical): content is checked before title.
const createParams = { content: required(content), title: required(title) };
const editParams = { content: optional(content), title: optional(title) };

@Controller()
export class SavedSnippetsController {
  constructor(private readonly snippets: SavedSnippetsService) {}

  @ChatEndpoint('GET', 'saved_snippets')
  list(@CurrentCaller() caller: ChatCaller) {
    return this.snippets.list(caller);
  }

  @ChatEndpoint('POST', 'saved_snippets')
  create(@CurrentCaller() caller: ChatCaller, @ChatParams(createParams) p: ParamsOf<typeof createParams>) {
    return this.snippets.create(caller, p.title, p.content);
  }

  @ChatEndpoint('PATCH', 'saved_snippets/:id')
  edit(
    @CurrentCaller() caller: ChatCaller,
    @Param('id') id: string,
    @ChatParams(editParams) p: ParamsOf<typeof editParams>,
  ) {
    return this.snippets.edit(caller, pathId(id), { title: p.title, content: p.content });
  }

  @ChatEndpoint('DELETE', 'saved_snippets/:id')
  delete(@CurrentCaller() caller: ChatCaller, @Param('id') id: string) {
    return this.snippets.delete(caller, pathId(id));
  }
}
