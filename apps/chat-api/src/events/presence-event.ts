// Zulip's process_presence_event: a `presence` event is published with both of its formats,
// and each queue keeps the one its client speaks — the modern one (`presences` by user id) for
// clients declaring simplified_presence_events, else the legacy one, without `email` for
// clients that registered with slim_presence.
export interface PresenceFormatOptions {
  readonly slimPresence: boolean;
  readonly simplifiedPresenceEvents: boolean;
}

export function shapePresenceEvent(
  event: Readonly<Record<string, unknown>>,
  options: PresenceFormatOptions,
): Record<string, unknown> {
  const userId = event['user_id'];
  if (options.simplifiedPresenceEvents)
    return { type: 'presence', presences: { [String(userId)]: event['modern_presence'] } };
  return {
    type: 'presence',
    user_id: userId,
    ...(options.slimPresence ? {} : { email: event['email'] }),
    server_timestamp: event['server_timestamp'],
    presence: event['legacy_presence'],
  };
}
