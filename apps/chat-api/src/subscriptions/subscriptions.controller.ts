import { Controller, Param } from '@nestjs/common';
import { type ChatCaller, CurrentCaller } from '../core/http/chat-caller.js';
import { ChatEndpoint } from '../core/http/chat-endpoint.decorator.js';
import { ChatParams } from '../core/http/chat-params.decorator.js';
import { ChatError } from '../core/http/chat.error.js';
import { optional, type ParamsOf, required, withDefault } from '../core/http/param-declarations.js';
import { type JsonShape, param, shape } from '../core/http/param-types.js';
import { boundedList, MAX_CHANNELS_PER_REQUEST, MAX_USERS_PER_REQUEST } from '../core/http/list-bounds.js';
import { pathId } from '../core/http/path-id.js';
import { StreamDirectory } from '../streams/stream-directory.js';
import { SubscribeUseCase } from './subscribe.use-case.js';
import { checkedPropertyChange, subscriptionPropertyChange } from './subscription-property.js';
import { UnsubscribeUseCase } from './unsubscribe.use-case.js';
import { UpdateSubscriptionPropertiesUseCase } from './update-subscription-properties.use-case.js';

const newSubscription: JsonShape<{ name: string; description?: string }> = {
  check(value, varName) {
    const entry = shape.dict().check(value, varName);
    const name = shape.string().check(entry['name'], `${varName}["name"]`);
    if (entry['description'] === undefined) return { name };
    return { name, description: shape.string().check(entry['description'], `${varName}["description"]`) };
  },
};

const subscribeParams = {
  subscriptions: required(boundedList(newSubscription, MAX_CHANNELS_PER_REQUEST)),
  invite_only: withDefault(param.bool(), false),
  history_public_to_subscribers: optional(param.bool()),
  // Announces new channels in the realm's new-channel announcements channel, which this server's
  // realms do not have (`realm_new_stream_announcements_stream_id` -1): read, and nothing to do.
  announce: withDefault(param.bool(), false),
  principals: optional(boundedList(shape.intOrString(), MAX_USERS_PER_REQUEST)),
  authorization_errors_fatal: withDefault(param.bool(), true),
  folder_id: optional(param.int()),
};

const unsubscribeParams = {
  subscriptions: required(boundedList(shape.string(), MAX_CHANNELS_PER_REQUEST)),
  principals: optional(boundedList(shape.intOrString(), MAX_USERS_PER_REQUEST)),
};

const propertiesParams = {
  subscription_data: required(boundedList(subscriptionPropertyChange, MAX_CHANNELS_PER_REQUEST)),
};

// Zulip's update_subscriptions_property: one setting of one channel, by the same rules.
const singlePropertyParams = {
  property: required(param.string()),
  value: required(param.boolOrString()),
};

const subscriptionListParams = {
  include_subscribers: withDefault(param.bool(), false),
};

@Controller()
export class SubscriptionsController {
  constructor(
    private readonly subscribe: SubscribeUseCase,
    private readonly unsubscribe: UnsubscribeUseCase,
    private readonly directory: StreamDirectory,
    private readonly updateProperties: UpdateSubscriptionPropertiesUseCase,
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
      folderId: p.folder_id,
    });
  }

  @ChatEndpoint('DELETE', 'users/me/subscriptions')
  remove(
    @CurrentCaller() caller: ChatCaller,
    @ChatParams(unsubscribeParams) p: ParamsOf<typeof unsubscribeParams>,
  ) {
    return this.unsubscribe.execute(caller, p.subscriptions, p.principals);
  }

  @ChatEndpoint('POST', 'users/me/subscriptions/properties')
  properties(
    @CurrentCaller() caller: ChatCaller,
    @ChatParams(propertiesParams) p: ParamsOf<typeof propertiesParams>,
  ) {
    return this.updateProperties.execute(caller, p.subscription_data);
  }

  @ChatEndpoint('PATCH', 'users/me/subscriptions/:stream_id')
  property(
    @CurrentCaller() caller: ChatCaller,
    @Param('stream_id') streamId: string,
    @ChatParams(singlePropertyParams) p: ParamsOf<typeof singlePropertyParams>,
  ) {
    const change = checkedPropertyChange(pathId(streamId), p.property, p.value, (reason) =>
      ChatError.badRequest(reason),
    );
    return this.updateProperties.execute(caller, [change]);
  }
}
