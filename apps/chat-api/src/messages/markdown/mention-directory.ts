// What a message's Markdown may refer to, looked up before rendering: the realm's users by id
// and by (lower-cased) full name, and its channels by (lower-cased) name.
export interface MentionableUser {
  readonly id: number;
  readonly fullName: string;
}

export interface LinkableStream {
  readonly id: number;
  readonly name: string;
}

export interface MentionDirectory {
  readonly usersById: ReadonlyMap<number, MentionableUser>;
  readonly usersByName: ReadonlyMap<string, readonly MentionableUser[]>;
  readonly streamsByName: ReadonlyMap<string, LinkableStream>;
}

// What the rendering found: who is mentioned, and whether a wildcard was (silent ones excluded).
export interface MentionOutcome {
  readonly mentionedUserIds: Set<number>;
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

// Zulip's narrow-URL encoding of a channel or topic name (hash_util_encode).
export function narrowSlug(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/\./g, '%2E')
    .replace(/%/g, '.');
}
