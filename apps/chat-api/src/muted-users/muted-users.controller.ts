import { Controller, Param } from '@nestjs/common';
import { type ChatCaller, CurrentCaller } from '../core/http/chat-caller.js';
import { ChatEndpoint } from '../core/http/chat-endpoint.decorator.js';
import { pathId } from '../core/http/path-id.js';
import { MuteUsersService } from './mute-users.service.js';

@Controller()
export class MutedUsersController {
  constructor(private readonly muting: MuteUsersService) {}

  @ChatEndpoint('POST', 'users/me/muted_users/:muted_user_id')
  mute(@CurrentCaller() caller: ChatCaller, @Param('muted_user_id') id: string) {
    return this.muting.mute(caller, pathId(id));
  }

  @ChatEndpoint('DELETE', 'users/me/muted_users/:muted_user_id')
  unmute(@CurrentCaller() caller: ChatCaller, @Param('muted_user_id') id: string) {
    return this.muting.unmute(caller, pathId(id));
  }
}
