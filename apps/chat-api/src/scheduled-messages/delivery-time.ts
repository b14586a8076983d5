// `scheduled_delivery_timestamp` is UNIX time in seconds.
export function fromUnixSeconds(seconds: number): Date {
  return new Date(seconds * 1000);
}
