import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import { UserExportConsentEntity } from './user-export-consent.entity.js';

export interface ExportConsent {
  readonly user_id: number;
  readonly consented: boolean;
}

// Who allows their private data in the realm's data exports.
@Injectable()
export class UserExportConsentsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async allows(realmId: number, userId: number): Promise<boolean> {
    const row = await this.dataSource.getRepository(UserExportConsentEntity).findOneBy({ realmId, userId });
    return row?.allowed ?? false;
  }

  // Returns the value it replaced.
  async set(unit: UnitOfWork, realmId: number, userId: number, allowed: boolean): Promise<boolean> {
    const manager = entityManagerOf(unit);
    const [previous] = (await manager.query(
      `SELECT "allowed" FROM "chat"."user_export_consent" WHERE "user_id" = $1 FOR UPDATE`,
      [userId],
    )) as Array<{ allowed: boolean }>;
    await manager.query(
      `INSERT INTO "chat"."user_export_consent" ("user_id", "realm_id", "allowed") VALUES ($1, $2, $3)
       ON CONFLICT ("user_id") DO UPDATE SET "allowed" = EXCLUDED."allowed"`,
      [userId, realmId, allowed],
    );
    return previous?.allowed ?? false;
  }

  // Every active human user of the realm and their choice, by id (Zulip's
  // get_users_export_consents).
  async consents(realmId: number, unit?: UnitOfWork): Promise<ExportConsent[]> {
    const rows = (await entityManagerOf(unit, this.dataSource).query(
      `SELECT u."id", coalesce(c."allowed", false) AS "allowed" FROM "chat"."user_profile" u
         LEFT JOIN "chat"."user_export_consent" c ON c."user_id" = u."id"
        WHERE u."realm_id" = $1 AND u."is_active" AND u."bot_type" IS NULL ORDER BY u."id"`,
      [realmId],
    )) as Array<{ id: number; allowed: boolean }>;
    return rows.map((row) => ({ user_id: row.id, consented: row.allowed }));
  }

  // Whether an active human owner consents: a standard export is of use to someone only then
  // (Zulip's check_export_with_consent_is_usable).
  async ownerConsents(realmId: number, unit?: UnitOfWork): Promise<boolean> {
    const rows = (await entityManagerOf(unit, this.dataSource).query(
      `SELECT 1 FROM "chat"."user_profile" u JOIN "chat"."user_export_consent" c ON c."user_id" = u."id"
        WHERE u."realm_id" = $1 AND u."is_active" AND u."bot_type" IS NULL AND u."role" = 100 AND c."allowed"
        LIMIT 1`,
      [realmId],
    )) as unknown[];
    return rows.length > 0;
  }
}
