// Ids are PostgreSQL integers (Zulip's Message.MAX_POSSIBLE_MESSAGE_ID is the same bound): a
// larger one a client sends names nothing, and must not reach a query, where it is an error.
export const MAX_STORED_ID = 2_147_483_647;

export function isStoredId(id: number): boolean {
  return Number.isSafeInteger(id) && id >= 0 && id <= MAX_STORED_ID;
}
