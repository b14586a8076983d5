import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@platform/database';

export type Row = Record<string, unknown>;

// The writes of a realm import, all inside the import's one transaction (`unit`). Rows come
// already in this server's column names; ids are allocated before rows are written so that
// every reference can be rewritten first.
@Injectable()
export class RealmImportRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  // Zulip's string_id is the realm's subdomain: here the first label of a realm's host, '' for
  // the realms without one.
  async stringIdTaken(stringId: string): Promise<boolean> {
    const rows = (await this.dataSource.query(
      `SELECT 1 FROM "chat"."realm" WHERE COALESCE(split_part("host", '.', 1), '') = $1 LIMIT 1`,
      [stringId],
    )) as unknown[];
    return rows.length > 0;
  }

  async insertRealm(
    unit: UnitOfWork,
    realm: {
      name: unknown;
      host: string | null;
      url: string;
      deactivated: unknown;
      createdAt: string | null;
    },
  ): Promise<{ id: number; url: string } | null> {
    // Null when another realm took the host meanwhile (a concurrent import or creation).
    const [row] = (await entityManagerOf(unit).query(
      `INSERT INTO "chat"."realm" ("name", "host", "url", "deactivated", "created_at")
       VALUES ($1, $2, $3, $4, COALESCE($5::timestamptz, now()))
       ON CONFLICT ("host") WHERE "host" IS NOT NULL DO NOTHING RETURNING "id", "url"`,
      [realm.name, realm.host, realm.url, realm.deactivated ?? false, realm.createdAt],
    )) as Array<{ id: number; url: string }>;
    return row ?? null;
  }

  async setNotificationBot(unit: UnitOfWork, realmId: number, botId: number | null): Promise<void> {
    await entityManagerOf(unit).query(
      `UPDATE "chat"."realm" SET "notification_bot_id" = $2 WHERE "id" = $1`,
      [realmId, botId],
    );
  }

  // Rows in one statement: PostgreSQL reads them from a JSON array (json_populate_recordset
  // converts timestamps, arrays and JSON), so a batch costs one round trip whatever its size.
  // Explicit ids (allocated beforehand) override the identity default.
  async insertRows(
    unit: UnitOfWork,
    table: string,
    columns: readonly string[],
    rows: readonly Row[],
  ): Promise<void> {
    if (rows.length === 0) return;
    const list = columns.map((column) => `"${column}"`).join(', ');
    await entityManagerOf(unit).query(
      `INSERT INTO "chat"."${table}" (${list}) OVERRIDING SYSTEM VALUE
       SELECT ${list} FROM json_populate_recordset(NULL::"chat"."${table}", $1::json)`,
      [JSON.stringify(rows)],
    );
  }

  // `count` new ids of `table`'s identity column, ascending.
  async allocateIds(unit: UnitOfWork, table: string, count: number): Promise<number[]> {
    if (count === 0) return [];
    const rows = (await entityManagerOf(unit).query(
      `SELECT nextval(pg_get_serial_sequence('"chat"."${table}"', 'id'))::int AS "id"
         FROM generate_series(1, $1) ORDER BY 1`,
      [count],
    )) as Array<{ id: number }>;
    return rows.map((row) => row.id);
  }

  // A direct conversation's recipient (RecipientType.DIRECT = 1), `userIds` sorted.
  async insertConversation(unit: UnitOfWork, realmId: number, userIds: readonly number[]): Promise<number> {
    const [row] = (await entityManagerOf(unit).query(
      `INSERT INTO "chat"."recipient" ("realm_id", "type", "conversation_key", "user_ids")
       VALUES ($1, 1, $2, $3) RETURNING "id"`,
      [realmId, `dm:${userIds.join(',')}`, userIds],
    )) as Array<{ id: number }>;
    return row!.id;
  }
}

// A datetime of Zulip's export (float UNIX seconds) as an ISO string PostgreSQL reads, to the
// microsecond PostgreSQL keeps (a Date alone would drop the last three digits).
export function fromSeconds(value: unknown): string | null {
  if (value == null) return null;
  const micros = Math.round((value as number) * 1e6);
  const iso = new Date(Math.floor(micros / 1000)).toISOString();
  return iso.replace('Z', `${String(micros % 1000).padStart(3, '0')}Z`);
}
