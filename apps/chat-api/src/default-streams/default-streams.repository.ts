import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import { UserRole } from '../core/accounts/user.entity.js';
import { DefaultStreamEntity } from './default-stream.entity.js';

// The realm's default channels. Archived channels are no longer default (Zulip's
// do_deactivate_stream removes them), so every read leaves them out.
@Injectable()
export class DefaultStreamsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async streamIds(realmId: number, unit?: UnitOfWork): Promise<number[]> {
    const rows = (await entityManagerOf(unit, this.dataSource).query(
      `SELECT d."stream_id" AS "id" FROM "chat"."default_stream" d
         JOIN "chat"."stream" s ON s."id" = d."stream_id" AND s."realm_id" = d."realm_id"
        WHERE d."realm_id" = $1 AND NOT s."is_archived"
        ORDER BY d."stream_id"`,
      [realmId],
    )) as Array<{ id: number }>;
    return rows.map((row) => row.id);
  }

  // True when the channel was not default yet.
  async add(unit: UnitOfWork, realmId: number, streamId: number): Promise<boolean> {
    const inserted = (await entityManagerOf(unit).query(
      `INSERT INTO "chat"."default_stream" ("realm_id", "stream_id") VALUES ($1, $2)
       ON CONFLICT DO NOTHING RETURNING "stream_id"`,
      [realmId, streamId],
    )) as unknown[];
    return inserted.length > 0;
  }

  async remove(unit: UnitOfWork, realmId: number, streamId: number): Promise<void> {
    await entityManagerOf(unit).getRepository(DefaultStreamEntity).delete({ realmId, streamId });
  }

  // Everyone Zulip tells about default channels: the realm's active members but guests.
  async audience(realmId: number, unit?: UnitOfWork): Promise<number[]> {
    const rows = (await entityManagerOf(unit, this.dataSource).query(
      `SELECT "id" FROM "chat"."user_profile"
        WHERE "realm_id" = $1 AND "is_active" AND "role" <> $2 ORDER BY "id"`,
      [realmId, UserRole.GUEST],
    )) as Array<{ id: number }>;
    return rows.map((row) => row.id);
  }
}
