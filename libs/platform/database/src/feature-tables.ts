import type { AppDatabase } from './app-database.js';

// The tables a feature owns: its entities, and the migrations that changed them after the
// schema history the app's core declares.
export interface FeatureTables {
  readonly entities?: AppDatabase['entities'] & readonly unknown[];
  readonly migrations?: AppDatabase['migrations'] & readonly unknown[];
}

const FEATURE_TABLES = 'database:feature-tables';
// Nest's own key for a module's `imports`.
const MODULE_IMPORTS = 'imports';

// Declares, on a feature's Nest module, the tables it owns; the app's database definition
// gathers them from the modules the root module imports, so a new feature adds its tables in
// its own folder.
export function OwnsTables(tables: FeatureTables): ClassDecorator {
  return (module) => Reflect.defineMetadata(FEATURE_TABLES, tables, module);
}

// Every table declared by `root` and the modules it imports, depth first; migrations ordered
// by their timestamp, as they were generated.
export function tablesOf(root: object): { entities: unknown[]; migrations: unknown[] } {
  const entities: unknown[] = [];
  const migrations: Array<{ name: string }> = [];
  const seen = new Set<object>();
  const visit = (module: object) => {
    if (seen.has(module)) return;
    seen.add(module);
    const tables = Reflect.getMetadata(FEATURE_TABLES, module) as FeatureTables | undefined;
    entities.push(...(tables?.entities ?? []));
    migrations.push(...((tables?.migrations ?? []) as Array<{ name: string }>));
    for (const imported of (Reflect.getMetadata(MODULE_IMPORTS, module) ?? []) as object[]) visit(imported);
  };
  visit(root);
  return { entities, migrations: migrations.sort((a, b) => timestampOf(a) - timestampOf(b)) };
}

// A generated migration's class name ends with its timestamp (e.g. ChatCore1795466343783).
function timestampOf(migration: { name: string }): number {
  return Number(/(\d+)$/.exec(migration.name)?.[1] ?? 0);
}
