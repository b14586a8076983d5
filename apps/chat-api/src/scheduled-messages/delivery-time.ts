import { ChatError } from '../core/http/chat.error.js';

const PAST_DELIVERY_TIME = 'Scheduled delivery time must be in the future.';

// `scheduled_delivery_timestamp` is UNIX time in seconds.
export function fromUnixSeconds(seconds: number): Date {
  return new Date(seconds * 1000);
}

// Zulip's refusal of a delivery time that has passed, for scheduled messages and reminders alike.
export function pastDeliveryTime(): ChatError {
  return ChatError.badRequest(PAST_DELIVERY_TIME);
}

export function assertFutureDelivery(deliverAt: Date, now: Date): void {
  if (deliverAt.getTime() <= now.getTime()) throw pastDeliveryTime();
}
