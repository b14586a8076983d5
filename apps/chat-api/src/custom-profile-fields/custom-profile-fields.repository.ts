import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In, Not } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import { isStoredId } from '../core/http/stored-id.js';
import { CustomProfileFieldEntity } from './custom-profile-field.entity.js';

export type NewField = Omit<CustomProfileFieldEntity, 'id' | 'order'>;

// One stored value with its field's type (which decides whether it has a rendering).
export interface StoredValue {
  readonly userId: number;
  readonly fieldId: number;
  readonly fieldType: number;
  readonly value: string;
  readonly renderedValue: string | null;
}

export interface ValueWrite {
  readonly fieldId: number;
  readonly value: string;
  readonly renderedValue: string | null;
}

const FIELD = '"chat"."custom_profile_field"';
const VALUE = '"chat"."custom_profile_field_value"';

// Fields and values, always within one realm: another realm's field id finds nothing.
@Injectable()
export class CustomProfileFieldsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  // Zulip's custom_profile_fields_for_realm: in display order.
  list(realmId: number, unit?: UnitOfWork): Promise<CustomProfileFieldEntity[]> {
    return entityManagerOf(unit, this.dataSource)
      .getRepository(CustomProfileFieldEntity)
      .find({ where: { realmId }, order: { order: 'ASC', id: 'ASC' } });
  }

  find(unit: UnitOfWork, realmId: number, id: number): Promise<CustomProfileFieldEntity | null> {
    if (!isStoredId(id)) return Promise.resolve(null);
    return entityManagerOf(unit)
      .getRepository(CustomProfileFieldEntity)
      .findOne({ where: { realmId, id }, lock: { mode: 'pessimistic_write' } });
  }

  findMany(unit: UnitOfWork, realmId: number, ids: readonly number[]): Promise<CustomProfileFieldEntity[]> {
    const stored = ids.filter(isStoredId);
    if (stored.length === 0) return Promise.resolve([]);
    return entityManagerOf(unit)
      .getRepository(CustomProfileFieldEntity)
      .findBy({ realmId, id: In(stored) });
  }

  async nameTaken(unit: UnitOfWork, realmId: number, name: string, exceptId = 0): Promise<boolean> {
    return entityManagerOf(unit)
      .getRepository(CustomProfileFieldEntity)
      .existsBy({ realmId, name, id: Not(exceptId) });
  }

  countInSummary(unit: UnitOfWork, realmId: number, exceptId = 0): Promise<number> {
    return entityManagerOf(unit)
      .getRepository(CustomProfileFieldEntity)
      .countBy({ realmId, displayInProfileSummary: true, id: Not(exceptId) });
  }

  // A new field comes last: its order is its own id.
  async insert(unit: UnitOfWork, field: NewField): Promise<CustomProfileFieldEntity> {
    const repository = entityManagerOf(unit).getRepository(CustomProfileFieldEntity);
    const saved = await repository.save(repository.create({ ...field, order: 0 }));
    saved.order = saved.id;
    await repository.update({ id: saved.id }, { order: saved.order });
    return saved;
  }

  async update(unit: UnitOfWork, field: CustomProfileFieldEntity): Promise<void> {
    const { id, realmId: _realm, ...changes } = field;
    await entityManagerOf(unit).getRepository(CustomProfileFieldEntity).update({ id }, changes);
  }

  // The field and everyone's value of it.
  async delete(unit: UnitOfWork, field: CustomProfileFieldEntity): Promise<void> {
    const manager = entityManagerOf(unit);
    await manager.query(`DELETE FROM ${VALUE} WHERE "field_id" = $1`, [field.id]);
    await manager.getRepository(CustomProfileFieldEntity).delete({ id: field.id });
  }

  // The values that chose one of `keys` (choices a list-of-options field no longer offers).
  async deleteChosen(unit: UnitOfWork, fieldId: number, keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await entityManagerOf(unit).query(
      `DELETE FROM ${VALUE} WHERE "field_id" = $1 AND "value" = ANY($2::text[])`,
      [fieldId, keys],
    );
  }

  // Every field of the realm takes its position in `positions` (one statement).
  async reorder(unit: UnitOfWork, realmId: number, positions: ReadonlyMap<number, number>): Promise<void> {
    await entityManagerOf(unit).query(
      `UPDATE ${FIELD} AS f SET "order" = o."position"
         FROM unnest($2::int[], $3::int[]) AS o("id", "position")
        WHERE f."realm_id" = $1 AND f."id" = o."id"`,
      [realmId, [...positions.keys()], [...positions.values()]],
    );
  }

  // The values of these users, whatever their number, in one query.
  async valuesOf(realmId: number, userIds: readonly number[], unit?: UnitOfWork): Promise<StoredValue[]> {
    if (userIds.length === 0) return [];
    const rows = (await entityManagerOf(unit, this.dataSource).query(
      `SELECT v."user_id", v."field_id", f."field_type", v."value", v."rendered_value"
         FROM ${VALUE} v JOIN ${FIELD} f ON f."id" = v."field_id"
        WHERE v."realm_id" = $1 AND v."user_id" = ANY($2::int[])
        ORDER BY v."user_id", v."field_id"`,
      [realmId, userIds],
    )) as Array<{
      user_id: number;
      field_id: number;
      field_type: number;
      value: string;
      rendered_value: string | null;
    }>;
    return rows.map((row) => ({
      userId: row.user_id,
      fieldId: row.field_id,
      fieldType: row.field_type,
      value: row.value,
      renderedValue: row.rendered_value,
    }));
  }

  // Sets one user's values of several fields in one statement.
  async upsertValues(
    unit: UnitOfWork,
    realmId: number,
    userId: number,
    writes: readonly ValueWrite[],
  ): Promise<void> {
    if (writes.length === 0) return;
    await entityManagerOf(unit).query(
      `INSERT INTO ${VALUE} ("realm_id", "user_id", "field_id", "value", "rendered_value")
       SELECT $1, $2, w."field_id", w."value", w."rendered_value"
         FROM unnest($3::int[], $4::text[], $5::text[]) AS w("field_id", "value", "rendered_value")
       ON CONFLICT ("user_id", "field_id")
       DO UPDATE SET "value" = EXCLUDED."value", "rendered_value" = EXCLUDED."rendered_value"`,
      [
        realmId,
        userId,
        writes.map((write) => write.fieldId),
        writes.map((write) => write.value),
        writes.map((write) => write.renderedValue),
      ],
    );
  }

  // Removes one user's values of these fields; the ids of the fields that had one.
  async deleteValues(unit: UnitOfWork, userId: number, fieldIds: readonly number[]): Promise<Set<number>> {
    if (fieldIds.length === 0) return new Set();
    const rows = (await entityManagerOf(unit).query(
      `DELETE FROM ${VALUE} WHERE "user_id" = $1 AND "field_id" = ANY($2::int[]) RETURNING "field_id"`,
      [userId, fieldIds],
    )) as [Array<{ field_id: number }>, number];
    return new Set(rows[0].map((row) => row.field_id));
  }
}
