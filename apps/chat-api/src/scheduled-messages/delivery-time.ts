import { ChatError } from '../core/http/chat.error.js';
import { param, type ParamType } from '../core/http/param-types.js';

const PAST_DELIVERY_TIME = 'Scheduled delivery time must be in the future.';

// Zulip reads `scheduled_delivery_timestamp` with Python's datetime, which ends with year 9999:
// a later time is refused in pydantic's words for an upper bound (`… is too large`) rather than
// reaching JavaScript's Date (which ends in year 275760) or PostgreSQL as an invalid time.
const LATEST_DELIVERY_SECONDS = 253_402_300_799; // 9999-12-31T23:59:59Z
// Any time before year 1 is as past as year 1: it is refused as a past delivery time.
const EARLIEST_DELIVERY_SECONDS = -62_135_596_800; // 0001-01-01T00:00:00Z

// `scheduled_delivery_timestamp`: UNIX time in seconds, JSON integer text.
export const deliveryTimestamp: ParamType<number> = param.int({ max: LATEST_DELIVERY_SECONDS });

export function fromUnixSeconds(seconds: number): Date {
  return new Date(Math.max(seconds, EARLIEST_DELIVERY_SECONDS) * 1000);
}

// Zulip's refusal of a delivery time that has passed, for scheduled messages and reminders alike.
export function pastDeliveryTime(): ChatError {
  return ChatError.badRequest(PAST_DELIVERY_TIME);
}

export function assertFutureDelivery(deliverAt: Date, now: Date): void {
  if (deliverAt.getTime() <= now.getTime()) throw pastDeliveryTime();
}
