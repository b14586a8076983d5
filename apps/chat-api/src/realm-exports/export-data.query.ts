import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

// One page of messages, with the copies of consenting users.
export interface MessagePage {
  readonly messages: Array<Record<string, unknown>>;
  readonly userMessages: Array<{ user_id: number; message_id: number; flags: number }>;
}

type Row = Record<string, unknown>;

// Whether message `m` (its channel joined as `s`) goes into an export, the consenting users' ids
// being the array parameter given: those of public channels, and those a consenting user
// received (Zulip's standard export: private channels and direct messages only through a
// consenting user's copy).
export const exportedMessage = (consentingIds: string) => `
  ((s."id" IS NOT NULL AND NOT s."invite_only")
   OR EXISTS (SELECT 1 FROM "chat"."user_message" um
               WHERE um."message_id" = m."id" AND um."user_id" = ANY(${consentingIds}::int[])))`;

// The reads an export makes, each bounded: realm-wide tables are small (users, channels,
// conversations), messages are read a page at a time by id.
@Injectable()
export class ExportDataQuery {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async realm(realmId: number): Promise<Row | null> {
    const [row] = (await this.dataSource.query(
      `SELECT "id", "name", "host", "url", "deactivated", "created_at", "notification_bot_id" FROM "chat"."realm" WHERE "id" = $1`,
      [realmId],
    )) as Row[];
    return row ?? null;
  }

  // The realm's system groups' ids by name (role:members → 12), what its group settings point at.
  async systemGroupIds(realmId: number): Promise<Map<string, number>> {
    const rows = (await this.dataSource.query(
      `SELECT "name", "id" FROM "chat"."user_group" WHERE "realm_id" = $1 AND "is_system_group"`,
      [realmId],
    )) as Array<{ name: string; id: number }>;
    return new Map(rows.map((row) => [row.name, row.id]));
  }

  // The schema migrations this database has run, oldest first (for migration_status.json).
  async appliedMigrations(): Promise<string[]> {
    const rows = (await this.dataSource.query(
      `SELECT "name" FROM "chat"."migrations" ORDER BY "id"`,
    )) as Array<{
      name: string;
    }>;
    return rows.map((row) => row.name);
  }

  users(realmId: number): Promise<Row[]> {
    return this.dataSource.query(
      `SELECT "id", "email", "full_name", "role", "is_active", "bot_type", "bot_owner_id", "timezone", "date_joined"
         FROM "chat"."user_profile" WHERE "realm_id" = $1 ORDER BY "id"`,
      [realmId],
    );
  }

  streams(realmId: number): Promise<Row[]> {
    return this.dataSource.query(
      `SELECT "id", "name", "description", "invite_only", "history_public_to_subscribers", "is_archived",
              "creator_id", "recipient_id", "date_created", "folder_id"
         FROM "chat"."stream" WHERE "realm_id" = $1 ORDER BY "id"`,
      [realmId],
    );
  }

  recipients(realmId: number): Promise<Row[]> {
    return this.dataSource.query(
      `SELECT r."id", r."type", r."conversation_key", r."user_ids", s."id" AS "stream_id"
         FROM "chat"."recipient" r LEFT JOIN "chat"."stream" s ON s."recipient_id" = r."id"
        WHERE r."realm_id" = $1 ORDER BY r."id"`,
      [realmId],
    );
  }

  subscriptions(realmId: number): Promise<Row[]> {
    return this.dataSource.query(
      `SELECT sub."user_id", sub."active", sub."color", sub."is_muted", sub."pin_to_top", s."recipient_id"
         FROM "chat"."subscription" sub JOIN "chat"."stream" s ON s."id" = sub."stream_id"
        WHERE sub."realm_id" = $1 ORDER BY sub."user_id", sub."stream_id"`,
      [realmId],
    );
  }

  // Zulip's zerver_attachment rows of the uploads exported messages link (fetch_attachment_data),
  // each with those messages only; `owner_email` is for uploads/records.json, not the table.
  attachments(realmId: number, consentingIds: readonly number[]): Promise<Row[]> {
    return this.dataSource.query(
      `SELECT a."id", a."user_id" AS "owner", a."file_name", a."path_id", a."realm_id" AS "realm",
              extract(epoch FROM a."create_time")::float8 AS "create_time", a."size"::float8 AS "size",
              a."content_type", bool_or(s."id" IS NOT NULL AND NOT s."invite_only") AS "is_realm_public",
              false AS "is_web_public", array_agg(m."id" ORDER BY m."id") AS "messages",
              '{}'::int[] AS "scheduled_messages", u."email" AS "owner_email"
         FROM "chat"."attachment" a
         JOIN "chat"."user_profile" u ON u."id" = a."user_id"
         JOIN "chat"."attachment_message" am ON am."attachment_id" = a."id"
         JOIN "chat"."message" m ON m."id" = am."message_id"
         LEFT JOIN "chat"."stream" s ON s."id" = m."stream_id"
        WHERE a."realm_id" = $1 AND ${exportedMessage('$2')}
        GROUP BY a."id", u."email" ORDER BY a."id"`,
      [realmId, consentingIds],
    );
  }

  // The exported messages after `afterId`, at most `limit`.
  async messagePage(
    realmId: number,
    afterId: number,
    limit: number,
    consentingIds: readonly number[],
  ): Promise<MessagePage> {
    const messages = (await this.dataSource.query(
      `SELECT m."id", m."sender_id", m."recipient_id", m."topic", m."content", m."rendered_content",
              m."client", m."date_sent", m."edit_history", m."last_edit_time",
              m."stream_id" IS NOT NULL AS "is_channel_message",
              EXISTS (SELECT 1 FROM "chat"."attachment_message" am WHERE am."message_id" = m."id")
                AS "has_attachment"
         FROM "chat"."message" m LEFT JOIN "chat"."stream" s ON s."id" = m."stream_id"
        WHERE m."realm_id" = $1 AND m."id" > $2 AND ${exportedMessage('$4')}
        ORDER BY m."id" LIMIT $3`,
      [realmId, afterId, limit, consentingIds],
    )) as Row[];
    if (messages.length === 0 || consentingIds.length === 0) return { messages, userMessages: [] };
    const userMessages = (await this.dataSource.query(
      `SELECT "user_id", "message_id", "flags" FROM "chat"."user_message"
        WHERE "message_id" = ANY($1::int[]) AND "user_id" = ANY($2::int[]) ORDER BY "message_id", "user_id"`,
      [messages.map((message) => message['id']), consentingIds],
    )) as MessagePage['userMessages'];
    return { messages, userMessages };
  }
}
