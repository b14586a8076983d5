import type { UnitOfWork } from '@platform/database';
import type { IdKind, ImportIds } from './import-ids.js';
import type { RealmImportRepository, Row } from './realm-import.repository.js';

// How one table of Zulip's export becomes rows of this server: which rows are kept, whether
// they get new ids (recorded under `ids` so references to them can be rewritten), and each
// row in this server's columns.
export interface TableImport {
  readonly from: string;
  readonly into: string;
  readonly ids?: IdKind;
  readonly keep?: (source: Row) => boolean;
  readonly row: (source: Row, ids: ImportIds) => Row;
}

export type ArchiveTables = Readonly<Record<string, readonly Row[] | undefined>>;

function kept(table: TableImport, tables: ArchiveTables): readonly Row[] {
  const rows = tables[table.from] ?? [];
  return table.keep ? rows.filter(table.keep) : rows;
}

// Gives every kept row of these tables its new id first, then writes the tables in order: a
// row may then refer to any row of them (a stream to its recipient and the recipient back).
export async function importTables(
  repository: RealmImportRepository,
  unit: UnitOfWork,
  imports: readonly TableImport[],
  tables: ArchiveTables,
  ids: ImportIds,
): Promise<void> {
  for (const table of imports) {
    if (!table.ids) continue;
    const rows = kept(table, tables);
    const newIds = await repository.allocateIds(unit, table.into, rows.length);
    rows.forEach((source, index) => ids.set(table.ids!, source['id'] as number, newIds[index]!));
  }
  for (const table of imports) {
    const rows = kept(table, tables).map((source) => ({
      ...(table.ids ? { id: ids.of(table.ids, source['id']) } : {}),
      ...table.row(source, ids),
    }));
    if (rows.length > 0) await repository.insertRows(unit, table.into, Object.keys(rows[0]!), rows);
  }
}
