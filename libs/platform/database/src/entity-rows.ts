import type { DataSource, EntityManager, EntityMetadata, EntityTarget, ObjectLiteral } from 'typeorm';
import { tableName } from './table-name.js';

// A DataSource, or an EntityManager inside a transaction.
export type Queryable = Pick<EntityManager, 'query'>;

// Whole-entity reads in plain SQL, for the hot paths: TypeORM's find builds its query and alias
// map on every call, which profiles showed as the largest part of the deposit path's reads. The
// select list is built once from the entity's metadata (the columns a find selects), and a row is
// hydrated as a find hydrates it: the driver's conversion, then the column's transformer.
export class EntityRows<E extends ObjectLiteral> {
  private readonly metadata: EntityMetadata;
  private readonly selectable: EntityMetadata['columns'];
  // Schema-qualified and quoted, for the statements' FROM.
  readonly table: string;
  // Every selectable column, by its database name: `"id", "partner_id", …`.
  readonly columns: string;

  constructor(
    private readonly dataSource: DataSource,
    entity: EntityTarget<E>,
  ) {
    this.metadata = dataSource.getMetadata(entity);
    this.selectable = this.metadata.columns.filter((column) => column.isSelect && !column.isVirtual);
    this.table = tableName(dataSource, entity);
    this.columns = this.selectable.map((column) => dataSource.driver.escape(column.databaseName)).join(', ');
  }

  // The entities of the rows a statement selecting `columns` returned, in their order.
  hydrate(rows: readonly Record<string, unknown>[]): E[] {
    const { driver } = this.dataSource;
    return rows.map((row) => {
      const entity = this.metadata.create() as E;
      for (const column of this.selectable) {
        const value = row[column.databaseName];
        if (value !== undefined) column.setEntityValue(entity, driver.prepareHydratedValue(value, column));
      }
      return entity;
    });
  }

  // The entities `condition` selects (SQL over the table's columns, parameters from $1; it may end
  // with an ORDER BY).
  async many(runner: Queryable, condition: string, parameters: readonly unknown[]): Promise<E[]> {
    const rows: Record<string, unknown>[] = await runner.query(
      `SELECT ${this.columns} FROM ${this.table} WHERE ${condition}`,
      [...parameters],
    );
    return this.hydrate(rows);
  }

  // The first entity `condition` (SQL over the table's columns, parameters from $1) selects, or
  // null; with `lock`, locked for the caller's transaction (FOR UPDATE).
  async one(
    runner: Queryable,
    condition: string,
    parameters: readonly unknown[],
    { lock = false }: { lock?: boolean } = {},
  ): Promise<E | null> {
    const rows: Record<string, unknown>[] = await runner.query(
      `SELECT ${this.columns} FROM ${this.table} WHERE ${condition} LIMIT 1${lock ? ' FOR UPDATE' : ''}`,
      [...parameters],
    );
    return this.hydrate(rows)[0] ?? null;
  }
}
