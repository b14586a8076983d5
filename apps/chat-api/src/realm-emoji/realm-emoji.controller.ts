import { Controller, Param, Req } from '@nestjs/common';
import { type ChatCaller, CurrentCaller } from '../core/http/chat-caller.js';
import { ChatEndpoint } from '../core/http/chat-endpoint.decorator.js';
import type { ChatRequest } from '../core/http/chat-request.js';
import { RealmEmojiService } from './realm-emoji.service.js';

@Controller()
export class RealmEmojiController {
  constructor(private readonly realmEmoji: RealmEmojiService) {}

  @ChatEndpoint('GET', 'realm/emoji')
  async list(@CurrentCaller() caller: ChatCaller) {
    return { emoji: await this.realmEmoji.list(caller.realm.id) };
  }

  // Zulip's require_member_or_admin: guests are refused before anything else. The image is a
  // multipart file part under any field name.
  @ChatEndpoint('POST', 'realm/emoji/:emoji_name', { access: 'member', takesFile: true })
  add(@CurrentCaller() caller: ChatCaller, @Param('emoji_name') name: string, @Req() request: ChatRequest) {
    return this.realmEmoji.add(caller, name, request.chatParams?.files ?? []);
  }

  @ChatEndpoint('DELETE', 'realm/emoji/:emoji_name')
  deactivate(@CurrentCaller() caller: ChatCaller, @Param('emoji_name') name: string) {
    return this.realmEmoji.deactivate(caller, name);
  }
}
