import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { exportedMessage } from './export-data.query.js';

type Row = Record<string, unknown>;

// A timestamp column as Zulip's export writes datetimes: float UNIX seconds (null stays null).
const seconds = (column: string) => `EXTRACT(EPOCH FROM ${column})::float8`;

// Zulip's tables for the features this server has beyond users, channels and messages, each read
// in one query already in Zulip's shape (zerver/lib/export.py: Django field names, foreign keys
// as ids). $1 is the realm; $2 the consenting users: a user's private settings (mutes, topic
// policies, scheduled messages, alert words, snippets) go only into an export they consented to,
// as Zulip's export does for data not visible to the rest of the organization. Tables without
// an id of their own here get sequential ids, as Zulip's rows all have one.
const FEATURE_TABLES: Readonly<Record<string, string>> = {
  zerver_reaction: `
    SELECT r."id", r."user_id" AS "user_profile", r."message_id" AS "message", r."emoji_name",
           r."emoji_code", r."reaction_type"
      FROM "chat"."reaction" r JOIN "chat"."message" m ON m."id" = r."message_id"
      LEFT JOIN "chat"."stream" s ON s."id" = m."stream_id"
     WHERE r."realm_id" = $1 AND ${exportedMessage('$2')} ORDER BY r."id"`,
  // Zulip 11 splits a group into UserGroup (every group, named or a setting's anonymous one) and
  // NamedUserGroup (the named ones, pointing at their UserGroup through usergroup_ptr, whose id
  // they also carry as Django's model_to_dict writes it and Zulip's import reads it).
  zerver_usergroup: `
    SELECT "id", "realm_id" AS "realm" FROM "chat"."user_group"
     WHERE "realm_id" = $1 ORDER BY "id"`,
  zerver_namedusergroup: `
    SELECT "id", "id" AS "usergroup_ptr", "realm_id" AS "realm_for_sharding", "name", "description",
           ${seconds('"date_created"')} AS "date_created", "creator_id" AS "creator",
           "is_system_group", "deactivated",
           "can_add_members_group_id" AS "can_add_members_group", "can_join_group_id" AS "can_join_group",
           "can_leave_group_id" AS "can_leave_group", "can_manage_group_id" AS "can_manage_group",
           "can_mention_group_id" AS "can_mention_group",
           "can_remove_members_group_id" AS "can_remove_members_group"
      FROM "chat"."user_group" WHERE "realm_id" = $1 AND "name" IS NOT NULL
     ORDER BY "id"`,
  zerver_usergroupmembership: `
    SELECT ROW_NUMBER() OVER (ORDER BY m."user_group_id", m."user_id")::int AS "id",
           m."user_group_id" AS "user_group", m."user_id" AS "user_profile"
      FROM "chat"."user_group_membership" m JOIN "chat"."user_group" g ON g."id" = m."user_group_id"
     WHERE g."realm_id" = $1 ORDER BY 1`,
  zerver_groupgroupmembership: `
    SELECT ROW_NUMBER() OVER (ORDER BY m."supergroup_id", m."subgroup_id")::int AS "id",
           m."supergroup_id" AS "supergroup", m."subgroup_id" AS "subgroup"
      FROM "chat"."group_group_membership" m JOIN "chat"."user_group" g ON g."id" = m."supergroup_id"
     WHERE g."realm_id" = $1 ORDER BY 1`,
  zerver_defaultstream: `
    SELECT ROW_NUMBER() OVER (ORDER BY "stream_id")::int AS "id", "realm_id" AS "realm", "stream_id" AS "stream"
      FROM "chat"."default_stream" WHERE "realm_id" = $1 ORDER BY 1`,
  zerver_customprofilefield: `
    SELECT "id", "realm_id" AS "realm", "name", "hint", "order", "field_type", "field_data",
           "display_in_profile_summary", "required", "editable_by_user"
      FROM "chat"."custom_profile_field" WHERE "realm_id" = $1 ORDER BY "id"`,
  zerver_customprofilefieldvalue: `
    SELECT "id", "user_id" AS "user_profile", "field_id" AS "field", "value", "rendered_value"
      FROM "chat"."custom_profile_field_value" WHERE "realm_id" = $1 ORDER BY "id"`,
  zerver_channelfolder: `
    SELECT "id", "realm_id" AS "realm", "name", "description", "rendered_description",
           "creator_id" AS "creator", ${seconds('"date_created"')} AS "date_created", "is_archived", "order"
      FROM "chat"."channel_folder" WHERE "realm_id" = $1 ORDER BY "id"`,
  zerver_userpresence: `
    SELECT ROW_NUMBER() OVER (ORDER BY "user_id")::int AS "id", "user_id" AS "user_profile",
           "realm_id" AS "realm", ${seconds('"last_active_time"')} AS "last_active_time",
           ${seconds('"last_connected_time"')} AS "last_connected_time", "last_update_id"
      FROM "chat"."user_presence" WHERE "realm_id" = $1 ORDER BY 1`,
  zerver_muteduser: `
    SELECT ROW_NUMBER() OVER (ORDER BY "user_id", "muted_user_id")::int AS "id", "user_id" AS "user_profile",
           "muted_user_id" AS "muted_user", ${seconds('"date_muted"')} AS "date_muted"
      FROM "chat"."muted_user" WHERE "realm_id" = $1 AND "user_id" = ANY($2::int[]) ORDER BY 1`,
  zerver_usertopic: `
    SELECT t."id", t."user_id" AS "user_profile", t."stream_id" AS "stream", s."recipient_id" AS "recipient",
           t."topic_name", ${seconds('t."last_updated"')} AS "last_updated", t."visibility_policy"
      FROM "chat"."user_topic" t JOIN "chat"."stream" s ON s."id" = t."stream_id"
     WHERE t."realm_id" = $1 AND t."user_id" = ANY($2::int[]) ORDER BY t."id"`,
  // A scheduled direct message names its users; its recipient is the conversation of those users
  // and the sender (null until a message of that conversation created it).
  zerver_scheduledmessage: `
    SELECT sm."id", sm."sender_id" AS "sender", COALESCE(s."recipient_id", dm."id") AS "recipient",
           sm."topic" AS "subject", sm."content", sm."rendered_content", sm."client" AS "sending_client",
           sm."stream_id" AS "stream", sm."realm_id" AS "realm",
           ${seconds('sm."scheduled_at"')} AS "scheduled_timestamp", sm."read_by_sender", sm."delivered",
           sm."delivered_message_id" AS "delivered_message", FALSE AS "has_attachment", sm."failed",
           sm."failure_message", sm."delivery_type", sm."reminder_target_message_id", sm."reminder_note"
      FROM "chat"."scheduled_message" sm
      LEFT JOIN "chat"."stream" s ON s."id" = sm."stream_id"
      LEFT JOIN "chat"."recipient" dm ON sm."stream_id" IS NULL AND dm."realm_id" = sm."realm_id"
            AND dm."user_ids" = (SELECT array_agg(DISTINCT u ORDER BY u)
                                   FROM unnest(sm."recipient_ids" || sm."sender_id") u)
     WHERE sm."realm_id" = $1 AND sm."sender_id" = ANY($2::int[]) ORDER BY sm."id"`,
  // Custom emoji, deactivated ones too (old messages and reactions still show them); their
  // images go in emoji/ (export-archive.builder.ts).
  zerver_realmemoji: `
    SELECT "id", "realm_id" AS "realm", "name", "author_id" AS "author", "file_name", "is_animated",
           "deactivated"
      FROM "chat"."realm_emoji" WHERE "realm_id" = $1 ORDER BY "id"`,
  // Outgoing-webhook bots' services. Their tokens stay here (Zulip's import gives each service a
  // new one, as this server's does): the receiving end is set up again after a move.
  zerver_service: `
    SELECT ROW_NUMBER() OVER (ORDER BY "bot_user_id")::int AS "id", "bot_user_id" AS "user_profile",
           "name", "base_url", "interface", '' AS "token"
      FROM "chat"."bot_service" WHERE "realm_id" = $1 ORDER BY 1`,
  zerver_alertword: `
    SELECT "id", "user_id" AS "user_profile", "realm_id" AS "realm", "word"
      FROM "chat"."alert_word" WHERE "realm_id" = $1 AND "user_id" = ANY($2::int[]) ORDER BY "id"`,
  zerver_savedsnippet: `
    SELECT "id", "realm_id" AS "realm", "user_id" AS "user_profile", "title", "content",
           ${seconds('"date_created"')} AS "date_created"
      FROM "chat"."saved_snippet" WHERE "realm_id" = $1 AND "user_id" = ANY($2::int[]) ORDER BY "id"`,
};

export const FEATURE_TABLE_NAMES = Object.keys(FEATURE_TABLES);

// Reads every feature table of one realm for its realm.json. These are realm-sized settings
// (groups, fields, folders, mutes), read whole; reactions follow the exported messages.
@Injectable()
export class FeatureTablesQuery {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async tables(realmId: number, consentingIds: readonly number[]): Promise<Record<string, Row[]>> {
    const tables: Record<string, Row[]> = {};
    for (const [table, sql] of Object.entries(FEATURE_TABLES)) {
      const parameters = sql.includes('$2') ? [realmId, consentingIds] : [realmId];
      tables[table] = (await this.dataSource.query(sql, parameters)) as Row[];
    }
    return tables;
  }
}
