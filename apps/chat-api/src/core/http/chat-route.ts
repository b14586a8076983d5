export type ChatMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export const CHAT_API_PREFIX = '/api/v1';
export const CHAT_ROUTE = 'chat:route';

// Who may call an endpoint, checked before any parameter is read (Zulip's decorators):
// `none` no credential at all (`/server_settings`, `/fetch_api_key`); `user` any account of the
// realm (HTTP Basic email:api_key, then rate limited); `member` not a guest
// (require_non_guest_user); `human-member` neither a guest nor a bot (require_member_or_admin);
// `human` any account but a bot (human_users_only); `administrator` administrators and owners;
// `owner` owners only.
export type ChatAccess = 'none' | 'user' | 'member' | 'human-member' | 'human' | 'administrator' | 'owner';

export interface ChatRouteDefinition {
  readonly method: ChatMethod;
  // Relative to /api/v1, Nest syntax: `users/:user_id`.
  readonly path: string;
  readonly access: ChatAccess;
  // Counted against the caller's rate limit (all but long polls).
  readonly rateLimited: boolean;
  // Takes an uploaded file: its body may be as large as the largest upload allowed.
  readonly takesFile: boolean;
}
