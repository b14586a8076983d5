import { invalid, type JsonShape, type ParamType, param, shape } from './param-types.js';

// The most items a list parameter may carry (README, "Request bounds"). Zulip caps none of these
// lists; every item costs work inside the request's one transaction, which holds the database
// (the embedded one entirely) until it ends, so each is bounded where the largest legitimate
// request fits well within the transaction's time budget.
export const MAX_CHANNELS_PER_REQUEST = 1000;
export const MAX_USERS_PER_REQUEST = 1000;
// Channels × users of one subscribe request: the subscription rows it may write.
export const MAX_SUBSCRIPTIONS_PER_REQUEST = 10_000;
// Lists naming a realm's own things (folders, profile fields, event types): far above any
// real realm's count.
export const MAX_ITEMS_PER_LIST = 1000;

// Counted before the items are checked, so an oversized list costs nothing more. Worded as
// Zulip's string bound (typed_endpoint's string_too_long).
export function tooManyItems(varName: string, maxItems: number): Error {
  return invalid(`${varName} is too long (limit: ${maxItems} items)`);
}

export function boundedList<T>(item: JsonShape<T>, maxItems: number): ParamType<T[]> {
  const list = shape.list(item);
  return param.json({
    check(value, varName) {
      if (Array.isArray(value) && value.length > maxItems) throw tooManyItems(varName, maxItems);
      return list.check(value, varName);
    },
  });
}
