import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { emojiSourceUrl } from '../core/custom-emoji-urls.js';
import {
  type MentionableUser,
  type MentionDirectory,
  mayLinkIntoRealm,
  referencedNames,
} from './mention-directory.js';
import type { StoredThumbnail } from './thumbnail-formats.js';
import { type UploadPreview, uploadPreviewOf } from './upload-preview.js';

// Every `:name:` of a message, overlapping ones too (`:a:b:` names both a and b).
const EMOJI_NAMES = /:(?=([\p{L}\p{N}\p{M}_+-]+):)/gu;
// The upload path ids a message may link (Zulip's get_user_upload_previews pattern).
const UPLOAD_PATH_IDS = /\/user_uploads\/(\d+\/[/\p{L}\p{N}_.-]+)/gu;

// Looks up only the users, channels, custom emoji and uploaded images a message names, within its
// realm, and the realm's URL when the message may link into it.
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
    const uploadPreviews = await this.uploadPreviews(realmId, content);
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
      uploadPreviews,
      ...(realmRows[0] ? { realmUrl: realmRows[0].url } : {}),
    };
  }

  // The image uploads (image_attachment rows, kept by the uploads feature) the message links.
  private async uploadPreviews(realmId: number, content: string): Promise<Map<string, UploadPreview>> {
    const pathIds = [...new Set([...content.matchAll(UPLOAD_PATH_IDS)].map((match) => match[1]!))];
    if (pathIds.length === 0) return new Map();
    const rows = (await this.dataSource.query(
      `SELECT "path_id" AS "pathId", "original_width_px" AS "originalWidthPx",
              "original_height_px" AS "originalHeightPx", "frames", "content_type" AS "contentType",
              "thumbnail_metadata" AS "thumbnailMetadata"
         FROM "chat"."image_attachment" WHERE "realm_id" = $1 AND "path_id" = ANY($2)`,
      [realmId, pathIds],
    )) as Array<{
      pathId: string;
      originalWidthPx: number;
      originalHeightPx: number;
      frames: number;
      contentType: string;
      thumbnailMetadata: StoredThumbnail[];
    }>;
    return new Map(rows.map((row) => [row.pathId, uploadPreviewOf(row.pathId, row)]));
  }
}
