import { Controller, Param } from '@nestjs/common';
import { type ChatCaller, CurrentCaller } from '../core/http/chat-caller.js';
import { ChatEndpoint } from '../core/http/chat-endpoint.decorator.js';
import { pathId } from '../core/http/path-id.js';
import { ChannelMembershipQuery } from './channel-membership.query.js';

@Controller()
export class SubscriptionReadsController {
  constructor(private readonly membership: ChannelMembershipQuery) {}

  @ChatEndpoint('GET', 'streams/:stream_id/members')
  members(@CurrentCaller() caller: ChatCaller, @Param('stream_id') streamId: string) {
    return this.membership.subscribers(caller, pathId(streamId));
  }

  @ChatEndpoint('GET', 'users/:user_id/subscriptions/:stream_id')
  status(
    @CurrentCaller() caller: ChatCaller,
    @Param('user_id') userId: string,
    @Param('stream_id') streamId: string,
  ) {
    return this.membership.isSubscribed(caller, pathId(userId), pathId(streamId));
  }
}
