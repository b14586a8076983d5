import { invalid, type JsonShape, shape } from '../core/http/param-types.js';
import { ChatError } from '../core/http/chat.error.js';

// The settings POST /users/me/subscriptions/properties changes, by Zulip's name, with the
// subscription column each is stored in. `in_home_view` is the legacy inverse of `is_muted`.
export const BOOLEAN_SUBSCRIPTION_PROPERTIES = {
  in_home_view: 'is_muted',
  is_muted: 'is_muted',
  desktop_notifications: 'desktop_notifications',
  audible_notifications: 'audible_notifications',
  push_notifications: 'push_notifications',
  email_notifications: 'email_notifications',
  pin_to_top: 'pin_to_top',
  wildcard_mentions_notify: 'wildcard_mentions_notify',
} as const;

export type SubscriptionColumn =
  (typeof BOOLEAN_SUBSCRIPTION_PROPERTIES)[keyof typeof BOOLEAN_SUBSCRIPTION_PROPERTIES] | 'color';

export interface SubscriptionPropertyChange {
  readonly streamId: number;
  readonly property: string;
  readonly column: SubscriptionColumn;
  // The value stored (for in_home_view, its inverse).
  readonly stored: boolean | string;
}

const HEX_COLOR = /^#([a-fA-F0-9]{3,6})$/;

// One entry of `subscription_data`, checked as Zulip's SubscriptionPropertyChangeRequest model:
// the fields first (stream_id, property, value: a boolean or a string), then the property's
// own rule. A colour is checked on its text, so `false` is an invalid colour, not a wrong type.
export const subscriptionPropertyChange: JsonShape<SubscriptionPropertyChange> = {
  check(value, varName) {
    const entry = shape.dict().check(value, varName);
    const field = (name: string) => {
      if (!(name in entry)) throw invalid(`${varName}["${name}"] field is missing: Field required`);
      return entry[name];
    };
    const streamId = shape.int().check(field('stream_id'), `${varName}["stream_id"]`);
    const property = shape.string().check(field('property'), `${varName}["property"]`);
    const given = field('value');
    if (typeof given !== 'boolean' && typeof given !== 'string')
      throw invalid(`${varName}["value"]["bool"] is not a boolean`);
    return checkedPropertyChange(streamId, property, given, (reason) =>
      invalid(`Invalid ${varName}: Value error, ${reason}`),
    );
  },
};

// The model's own rule for one change. `colorRefusal` words an invalid colour: the bulk route
// reports it as a value error of its entry; PATCH /users/me/subscriptions/{stream_id}, where
// Zulip builds the model after its parameters are parsed (and so fails with a 500), says the
// reason alone.
export function checkedPropertyChange(
  streamId: number,
  property: string,
  given: boolean | string,
  colorRefusal: (reason: string) => Error,
): SubscriptionPropertyChange {
  if (property === 'color') {
    const text = typeof given === 'string' ? given : given ? 'True' : 'False';
    if (!HEX_COLOR.test(text)) throw colorRefusal('color is not a valid hex color code');
    return { streamId, property, column: 'color', stored: text };
  }
  if (!Object.hasOwn(BOOLEAN_SUBSCRIPTION_PROPERTIES, property))
    throw ChatError.badRequest(`Unknown subscription property: ${property}`);
  if (typeof given !== 'boolean') throw ChatError.badRequest(`${property} is not a boolean`);
  const column = BOOLEAN_SUBSCRIPTION_PROPERTIES[property as keyof typeof BOOLEAN_SUBSCRIPTION_PROPERTIES];
  return { streamId, property, column, stored: property === 'in_home_view' ? !given : given };
}

// The events Zulip's do_change_subscription_property sends the user: a change of muting also
// announces the legacy in_home_view (first), whichever name the client used.
export function subscriptionUpdateEvents(change: SubscriptionPropertyChange): Array<Record<string, unknown>> {
  const event = (property: string, value: boolean | string) => ({
    type: 'subscription',
    op: 'update',
    property,
    value,
    stream_id: change.streamId,
  });
  if (change.column !== 'is_muted') return [event(change.property, change.stored)];
  return [event('in_home_view', !change.stored), event('is_muted', change.stored)];
}
