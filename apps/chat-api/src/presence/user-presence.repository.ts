import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import type { PresenceTimes } from './presence-format.js';

// A presence row with what its formats need of its user.
export interface PresenceRow extends PresenceTimes {
  readonly userId: number;
  readonly email: string;
  readonly lastUpdateId: number;
}

export interface PresenceWrite {
  readonly userId: number;
  readonly realmId: number;
  readonly lastActiveTime: Date | null;
  readonly lastConnectedTime: Date;
}

// Which of a realm's presence rows a client asks for: those changed after its last_update_id,
// and (on a first fetch) those connected since a time.
export interface PresenceWindow {
  readonly afterUpdateId: number | null;
  readonly connectedSince: Date | null;
}

const ROW_COLUMNS = `p."user_id" AS "userId", u."email", u."date_joined" AS "dateJoined",
  p."last_active_time" AS "lastActiveTime", p."last_connected_time" AS "lastConnectedTime",
  p."last_update_id" AS "lastUpdateId"`;

@Injectable()
export class UserPresenceRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  // The user's row, locked until the change's transaction ends (two clients of one user report
  // at once).
  async lockOwn(unit: UnitOfWork, userId: number): Promise<PresenceWrite | null> {
    const rows = (await entityManagerOf(unit).query(
      `SELECT "user_id" AS "userId", "realm_id" AS "realmId", "last_active_time" AS "lastActiveTime",
              "last_connected_time" AS "lastConnectedTime"
         FROM "chat"."user_presence" WHERE "user_id" = $1 FOR UPDATE`,
      [userId],
    )) as PresenceWrite[];
    return rows[0] ?? null;
  }

  // Writes the row under the realm's next sequence number, in one statement so the sequence
  // row's lock is held only from here to the commit. Creating answers false when a concurrent
  // report created the row first (that one stands, as in Zulip).
  async write(unit: UnitOfWork, presence: PresenceWrite, creating: boolean): Promise<boolean> {
    const nextId = `WITH "next" AS (
        INSERT INTO "chat"."presence_sequence" ("realm_id", "last_update_id") VALUES ($2, 1)
        ON CONFLICT ("realm_id") DO UPDATE
          SET "last_update_id" = "presence_sequence"."last_update_id" + 1
        RETURNING "last_update_id")`;
    const statement = creating
      ? `${nextId} INSERT INTO "chat"."user_presence"
           ("user_id", "realm_id", "last_active_time", "last_connected_time", "last_update_id")
           SELECT $1, $2, $3, $4, "last_update_id" FROM "next"
           ON CONFLICT ("user_id") DO NOTHING RETURNING "user_id"`
      : `${nextId} UPDATE "chat"."user_presence"
           SET "last_active_time" = $3, "last_connected_time" = $4,
               "last_update_id" = (SELECT "last_update_id" FROM "next")
           WHERE "user_id" = $1 AND "realm_id" = $2 RETURNING "user_id"`;
    const rows = (await entityManagerOf(unit).query(statement, [
      presence.userId,
      presence.realmId,
      presence.lastActiveTime,
      presence.lastConnectedTime,
    ])) as unknown[];
    // An UPDATE … RETURNING answers [rows, count] through the driver; an INSERT the rows.
    const written = Array.isArray(rows[0]) ? (rows[0] as unknown[]) : rows;
    return written.length > 0;
  }

  // The active human users' rows in the window: one statement on one of the realm's presence
  // indexes, at most a row per user.
  realmRows(realmId: number, window: PresenceWindow): Promise<PresenceRow[]> {
    const conditions = ['p."realm_id" = $1'];
    const values: unknown[] = [realmId];
    if (window.afterUpdateId !== null) {
      values.push(window.afterUpdateId);
      conditions.push(`p."last_update_id" > $${values.length}`);
    }
    if (window.connectedSince !== null) {
      values.push(window.connectedSince);
      conditions.push(`p."last_connected_time" >= $${values.length}`);
    }
    return this.dataSource.query(
      `SELECT ${ROW_COLUMNS} FROM "chat"."user_presence" AS p
         JOIN "chat"."user_profile" AS u ON u."id" = p."user_id"
        WHERE ${conditions.join(' AND ')} AND u."is_active" AND u."bot_type" IS NULL
        ORDER BY p."user_id"`,
      values,
    ) as Promise<PresenceRow[]>;
  }

  async userRow(realmId: number, userId: number): Promise<PresenceRow | null> {
    const rows = (await this.dataSource.query(
      `SELECT ${ROW_COLUMNS} FROM "chat"."user_presence" AS p
         JOIN "chat"."user_profile" AS u ON u."id" = p."user_id"
        WHERE p."realm_id" = $1 AND p."user_id" = $2`,
      [realmId, userId],
    )) as PresenceRow[];
    return rows[0] ?? null;
  }
}
