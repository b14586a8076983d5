import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { emojiSourceUrl } from '../core/custom-emoji-urls.js';
import {
  type MentionableUser,
  type MentionDirectory,
  mayLinkIntoRealm,
  referencedNames,
} from './mention-directory.js';

// Every `:name:` of a message, overlapping ones too (`:a:b:` names both a and b).
const EMOJI_NAMES = /:(?=([\p{L}\p{N}\p{M}_+-]+):)/gu;

// Looks up only the users, channels and custom emoji a message names, within its realm, and the realm's URL
// when the message may link into it.
@Injectable()
export class MentionLookupQuery {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async directoryFor(realmId: number, content: string): Promise<MentionDirectory> {
    const { users, streams } = referencedNames(content);
    const ids =
      users.length === 0 ? [] : [...content.matchAll(/\|(\d{1,9})\*\*/g)].map((match) => Number(match[1]));
    const userRows =
      users.length === 0
        ? []
        : ((await this.dataSource.query(
            `SELECT "id", "full_name" AS "fullName" FROM "chat"."user_profile"
        WHERE "realm_id" = $1 AND "is_active" AND (lower("full_name") = ANY($2) OR "id" = ANY($3))`,
            [realmId, users.map((name) => name.toLowerCase()), ids],
          )) as MentionableUser[]);
    const streamRows =
      streams.length === 0
        ? []
        : ((await this.dataSource.query(
            `SELECT "id", "name" FROM "chat"."stream" WHERE "realm_id" = $1 AND "name_key" = ANY($2)`,
            [realmId, streams.map((name) => name.toLowerCase())],
          )) as Array<{ id: number; name: string }>);
    const realmRows = mayLinkIntoRealm(content)
      ? ((await this.dataSource.query(`SELECT "url" FROM "chat"."realm" WHERE "id" = $1`, [
          realmId,
        ])) as Array<{
          url: string;
        }>)
      : [];
    const emojiNames = [...new Set([...content.matchAll(EMOJI_NAMES)].map((match) => match[1]!))];
    const emojiRows =
      emojiNames.length === 0
        ? []
        : ((await this.dataSource.query(
            `SELECT "name", "file_name" AS "fileName" FROM "chat"."realm_emoji"
              WHERE "realm_id" = $1 AND NOT "deactivated" AND "name" = ANY($2)`,
            [realmId, emojiNames],
          )) as Array<{ name: string; fileName: string }>);
    const usersByName = new Map<string, MentionableUser[]>();
    for (const user of userRows) {
      const key = user.fullName.toLowerCase();
      usersByName.set(key, [...(usersByName.get(key) ?? []), user]);
    }
    return {
      usersById: new Map(userRows.map((user) => [user.id, user])),
      usersByName,
      streamsByName: new Map(streamRows.map((stream) => [stream.name.toLowerCase(), stream])),
      customEmoji: new Map(emojiRows.map((emoji) => [emoji.name, emojiSourceUrl(realmId, emoji.fileName)])),
      ...(realmRows[0] ? { realmUrl: realmRows[0].url } : {}),
    };
  }
}
