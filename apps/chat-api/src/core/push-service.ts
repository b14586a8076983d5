import type { ChatApiConfig } from './chat-api.config.js';

// The mobile push notification service this server uses (Zulip's bouncer), as configured.
export interface PushServiceSettings {
  readonly url: string;
  readonly serverUuid: string;
  readonly serverKey: string;
}

// Null when the server has no push service (Zulip's uses_notification_bouncer() false): the
// configuration validates that a bouncer URL comes with the server's registration.
export function pushServiceOf(config: ChatApiConfig): PushServiceSettings | null {
  const {
    CHAT_PUSH_BOUNCER_URL: url,
    CHAT_PUSH_SERVER_UUID: serverUuid,
    CHAT_PUSH_SERVER_KEY: serverKey,
  } = config;
  if (url === undefined || serverUuid === undefined || serverKey === undefined) return null;
  return { url: url.replace(/\/+$/, ''), serverUuid, serverKey };
}
