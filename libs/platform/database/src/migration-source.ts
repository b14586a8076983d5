import type { SchemaDiff } from './migrations.js';

// Renders a generated migration as a TypeScript class, the way it is committed.
export function renderMigration(className: string, diff: SchemaDiff): string {
  const lines = (queries: string[]) =>
    queries.map((query) => `    await queryRunner.query(${JSON.stringify(query)});`).join('\n');
  return `import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ${className} implements MigrationInterface {
  name = '${className}';

  async up(queryRunner: QueryRunner): Promise<void> {
${lines(diff.up)}
  }

  async down(queryRunner: QueryRunner): Promise<void> {
${lines(diff.down)}
  }
}
`;
}

export function migrationClassName(name: string, timestamp: number): string {
  const pascal = name
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
  if (!pascal) throw new Error('A migration needs a name, e.g. --name=create-quotes');
  return `${pascal}${timestamp}`;
}
