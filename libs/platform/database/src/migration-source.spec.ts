import { describe, expect, it } from '@jest/globals';
import { migrationClassName, renderMigration } from './migration-source.js';

describe(migrationClassName.name, () => {
  it('turns a kebab-case name into a timestamped class name', () => {
    expect(migrationClassName('create-api-keys', 1700000000000)).toBe('CreateApiKeys1700000000000');
  });

  it('refuses a name without letters or digits', () => {
    expect(() => migrationClassName('--', 1)).toThrow('needs a name');
  });
});

describe(renderMigration.name, () => {
  it('renders up queries in order and down queries as given', () => {
    const source = renderMigration('Init1', { up: ['CREATE TABLE "a" ("x" int)'], down: ['DROP TABLE "a"'] });

    expect(source).toContain('export class Init1 implements MigrationInterface');
    expect(source).toContain('await queryRunner.query("CREATE TABLE \\"a\\" (\\"x\\" int)");');
    expect(source).toContain('await queryRunner.query("DROP TABLE \\"a\\"");');
  });
});
