import { Controller, Param } from '@nestjs/common';
import { type ChatCaller, CurrentCaller } from '../core/accounts/chat-caller.js';
import { ChatEndpoint } from '../core/http/chat-endpoint.decorator.js';
import { ChatParams } from '../core/http/chat-params.decorator.js';
import { optional, type ParamsOf, required, withDefault } from '../core/http/param-declarations.js';
import { type JsonShape, param, shape } from '../core/http/param-types.js';
import { pathId } from '../core/http/path-id.js';
import { ArchiveStreamUseCase } from './archive-stream.use-case.js';
import { StreamDirectory } from './stream-directory.js';
import { SubscribeUseCase } from '../subscriptions/subscribe.use-case.js';
import { UnsubscribeUseCase } from '../subscriptions/unsubscribe.use-case.js';

const newSubscription: JsonShape<{ name: string; description?: string }> = {
  check(value, varName) {
    const entry = shape.dict().check(value, varName);
    const name = shape.string().check(entry['name'], `${varName}["name"]`);
    if (entry['description'] === undefined) return { name };
    return { name, description: shape.string().check(entry['description'], `${varName}["description"]`) };
  },
};

const subscribeParams = {
  subscriptions: required(param.list(newSubscription)),
  invite_only: withDefault(param.bool(), false),
  history_public_to_subscribers: optional(param.bool()),
  // Announces new channels in the realm's new-channel announcements channel, which this server's
  // realms do not have (`realm_new_stream_announcements_stream_id` -1): read, and nothing to do.
  announce: withDefault(param.bool(), false),
  principals: optional(param.list(shape.intOrString())),
  authorization_errors_fatal: withDefault(param.bool(), true),
};

const unsubscribeParams = {
  subscriptions: required(param.list(shape.string())),
  principals: optional(param.list(shape.intOrString())),
};

const streamListParams = {
  include_public: withDefault(param.bool(), true),
  include_web_public: withDefault(param.bool(), false),
  include_subscribed: withDefault(param.bool(), true),
  exclude_archived: withDefault(param.bool(), true),
  include_all: withDefault(param.bool(), false, { aliases: ['include_all_active'] }),
};

const streamIdParams = {
  stream: required(param.string()),
};

const subscriptionListParams = {
  include_subscribers: withDefault(param.bool(), false),
};

@Controller()
export class StreamsController {
  constructor(
    private readonly subscribe: SubscribeUseCase,
    private readonly unsubscribe: UnsubscribeUseCase,
    private readonly archive: ArchiveStreamUseCase,
    private readonly directory: StreamDirectory,
  ) {}

  @ChatEndpoint('GET', 'users/me/subscriptions')
  subscriptions(
    @CurrentCaller() caller: ChatCaller,
    @ChatParams(subscriptionListParams) p: ParamsOf<typeof subscriptionListParams>,
  ) {
    return this.directory.subscriptions(caller, p.include_subscribers);
  }

  // Zulip's add_subscriptions_backend is require_non_guest_user: a guest is added by others.
  @ChatEndpoint('POST', 'users/me/subscriptions', { access: 'member' })
  add(@CurrentCaller() caller: ChatCaller, @ChatParams(subscribeParams) p: ParamsOf<typeof subscribeParams>) {
    return this.subscribe.execute(caller, {
      subscriptions: p.subscriptions,
      principals: p.principals,
      authorizationErrorsFatal: p.authorization_errors_fatal,
      inviteOnly: p.invite_only,
      historyPublicToSubscribers: p.history_public_to_subscribers,
    });
  }

  @ChatEndpoint('DELETE', 'users/me/subscriptions')
  remove(
    @CurrentCaller() caller: ChatCaller,
    @ChatParams(unsubscribeParams) p: ParamsOf<typeof unsubscribeParams>,
  ) {
    return this.unsubscribe.execute(caller, p.subscriptions, p.principals);
  }

  @ChatEndpoint('GET', 'streams')
  list(
    @CurrentCaller() caller: ChatCaller,
    @ChatParams(streamListParams) p: ParamsOf<typeof streamListParams>,
  ) {
    return this.directory.list(caller, {
      includePublic: p.include_public,
      includeSubscribed: p.include_subscribed,
      includeAll: p.include_all,
      excludeArchived: p.exclude_archived,
    });
  }

  // zulip-js streams.getStreamId.
  @ChatEndpoint('GET', 'get_stream_id')
  streamId(
    @CurrentCaller() caller: ChatCaller,
    @ChatParams(streamIdParams) p: ParamsOf<typeof streamIdParams>,
  ) {
    return this.directory.idByName(caller, p.stream);
  }

  @ChatEndpoint('GET', 'streams/:stream_id')
  one(@CurrentCaller() caller: ChatCaller, @Param('stream_id') streamId: string) {
    return this.directory.one(caller, pathId(streamId));
  }

  @ChatEndpoint('DELETE', 'streams/:stream_id')
  delete(@CurrentCaller() caller: ChatCaller, @Param('stream_id') streamId: string) {
    return this.archive.execute(caller, pathId(streamId));
  }
}
