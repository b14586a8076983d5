// Zulip 11's validate_can_delete_message, over facts the use case gathers: the realm's
// can_delete_any_message_group may delete anything at any time; otherwise only one's own
// messages (or one's bots'), with can_delete_own_message_group, within the realm's
// message_content_delete_limit_seconds (null: no limit).
export interface DeleteFacts {
  readonly canDeleteAny: boolean;
  readonly ownOrOwnBots: boolean;
  readonly canDeleteOwn: boolean;
  readonly ageSeconds: number;
  readonly limitSeconds: number | null;
}

export const NO_DELETE_PERMISSION = "You don't have permission to delete this message";
export const DELETE_LIMIT_PASSED = 'The time limit for deleting this message has passed';

// The error text refusing the deletion, or null when it is allowed.
export function deleteRefusal(facts: DeleteFacts): string | null {
  if (facts.canDeleteAny) return null;
  if (!facts.ownOrOwnBots || !facts.canDeleteOwn) return NO_DELETE_PERMISSION;
  if (facts.limitSeconds !== null && facts.ageSeconds > facts.limitSeconds) return DELETE_LIMIT_PASSED;
  return null;
}
