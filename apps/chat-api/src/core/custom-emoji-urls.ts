// Where a custom emoji's image lives in the upload store, and the URL it is served at (Zulip's
// local avatar layout: /user_avatars/{realm_id}/emoji/images/{file}): the realm emoji feature
// stores and serves it, messages' Markdown shows it.
export function emojiPathId(realmId: number, fileName: string): string {
  return `${realmId}/emoji/images/${fileName}`;
}

export function emojiSourceUrl(realmId: number, fileName: string): string {
  return `/user_avatars/${emojiPathId(realmId, fileName)}`;
}
