import type { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';

// An entity's table as plain SQL names it: schema-qualified and quoted, for the hot paths that
// skip the query builder.
export function tableName(dataSource: DataSource, entity: EntityTarget<ObjectLiteral>): string {
  const { schema, tableName: table } = dataSource.getMetadata(entity);
  const quoted = dataSource.driver.escape(table);
  return schema ? `${dataSource.driver.escape(schema)}.${quoted}` : quoted;
}
