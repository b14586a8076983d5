import type { UploadPreview } from './upload-preview.js';

// What a message's Markdown may refer to, looked up before rendering: the realm's users by id
// and by (lower-cased) full name, and its channels by (lower-cased) name.
export interface MentionableUser {
  readonly id: number;
  readonly fullName: string;
}

// A user group a message may mention, by its exact name; `name` is what the mention shows
// (a system group's display name).
export interface MentionableGroup {
  readonly id: number;
  readonly name: string;
}

export interface LinkableStream {
  readonly id: number;
  readonly name: string;
}

export interface MentionDirectory {
  readonly usersById: ReadonlyMap<number, MentionableUser>;
  readonly usersByName: ReadonlyMap<string, readonly MentionableUser[]>;
  readonly streamsByName: ReadonlyMap<string, LinkableStream>;
  // The realm's active user groups the message names (the messages feature asks the groups).
  readonly groupsByName?: ReadonlyMap<string, MentionableGroup>;
  // The realm's active custom emoji the message names (`:name:`), with their image URLs.
  readonly customEmoji?: ReadonlyMap<string, string>;
  // The realm's URL, when the message may link into the realm: links to its `#…` views and
  // `user_uploads/` files are written relative, as Zulip writes them.
  readonly realmUrl?: string;
  // The uploaded images the message links (`/user_uploads/{path_id}`) that the server could read
  // as images, by path id. Given, a link to an upload is previewed only when it is here (Zulip's
  // user_upload_previews); absent (text rendered outside a realm), by its extension.
  readonly uploadPreviews?: ReadonlyMap<string, UploadPreview>;
}

// What the rendering found: who and which groups are mentioned, and whether a wildcard was
// (silent ones excluded).
export interface MentionOutcome {
  readonly mentionedUserIds: Set<number>;
  readonly mentionedGroupIds: Set<number>;
  streamWildcard: boolean;
  topicWildcard: boolean;
}

export interface RenderedMessage {
  readonly html: string;
  readonly mentions: MentionOutcome;
}

export const EMPTY_DIRECTORY: MentionDirectory = {
  usersById: new Map(),
  usersByName: new Map(),
  streamsByName: new Map(),
};

// Whether a message may hold a link into a realm (a `/#…` view or `/user_uploads/` file).
export function mayLinkIntoRealm(content: string): boolean {
  return /https?:\/\/\S*\/(?:#|user_uploads\/)/.test(content);
}

// The names a message could mention or link, so only those are looked up.
export function referencedNames(content: string): { users: string[]; streams: string[] } {
  const users = [...content.matchAll(/@_?\*\*([^*\n]+?)\*\*/g)].map((match) =>
    match[1]!.split('|')[0]!.trim(),
  );
  const streams = [...content.matchAll(/#\*\*([^*\n]+?)\*\*/g)].map((match) =>
    match[1]!.split('>')[0]!.trim(),
  );
  return { users: [...new Set(users)], streams: [...new Set(streams)] };
}

// The group names a message could mention (`@*name*`, silent `@_*name*`), so only those are
// looked up.
export function referencedGroupNames(content: string): string[] {
  return [...new Set([...content.matchAll(/@_?\*(?!\*)([^*\n]+)\*/g)].map((match) => match[1]!))];
}

// Zulip's narrow-URL encoding of a channel or topic name (hash_util_encode).
export function narrowSlug(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/\./g, '%2E')
    .replace(/%/g, '.');
}
