import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Column, DataSource, Entity, PrimaryColumn } from 'typeorm';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.js';
import { EntityRows } from './entity-rows.js';

const SCHEMA = 'entity_rows_test';

// A column of every kind the services' entities hold: text, exact decimals, timestamps, JSON,
// nullable values, a transformer, a column a find never selects.
@Entity({ name: 'sample', schema: SCHEMA })
class SampleEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'partner_id', type: 'varchar', length: 40 })
  partnerId!: string;

  @Column({ name: 'source_amount', type: 'numeric', precision: 38, scale: 18 })
  sourceAmount!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'settled_at', type: 'timestamptz', nullable: true })
  settledAt!: Date | null;

  @Column({ type: 'jsonb' })
  details!: { readonly kind: string };

  @Column({
    type: 'varchar',
    length: 40,
    transformer: { to: (value: string) => value.toLowerCase(), from: (value: string) => value.toUpperCase() },
  })
  code!: string;

  @Column({ type: 'varchar', length: 40, select: false, nullable: true })
  secret!: string | null;
}

describe(EntityRows.name, () => {
  let postgres: EmbeddedPostgres;
  let dataSource: DataSource;
  let rows: EntityRows<SampleEntity>;
  const ids = ['7d4f3c1e-5b6a-4c2d-9e8f-0a1b2c3d4e5f', '8e5a4d2f-6c7b-4d3e-8f9a-1b2c3d4e5f60'];

  beforeAll(async () => {
    postgres = await startEmbeddedPostgres();
    dataSource = new DataSource({ type: 'postgres', url: postgres.url, entities: [SampleEntity] });
    await dataSource.initialize();
    await dataSource.query(`CREATE SCHEMA IF NOT EXISTS "${SCHEMA}"`);
    await dataSource.synchronize();
    const repository = dataSource.getRepository(SampleEntity);
    await repository.insert([
      {
        id: ids[0]!,
        partnerId: 'partner-a',
        sourceAmount: '101.020000000000000001',
        createdAt: new Date('2026-11-27T10:00:00.123Z'),
        settledAt: null,
        details: { kind: 'deposit' },
        code: 'ABC',
        secret: 'never selected',
      },
      {
        id: ids[1]!,
        partnerId: 'partner-b',
        sourceAmount: '5',
        createdAt: new Date('2026-11-27T11:00:00Z'),
        settledAt: new Date('2026-11-27T12:00:00Z'),
        details: { kind: 'refund' },
        code: 'xyz',
        secret: null,
      },
    ]);
    rows = new EntityRows(dataSource, SampleEntity);
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await postgres.stop();
  });

  it('reads an entity exactly as a find does', async () => {
    for (const id of ids) {
      const found = await dataSource.getRepository(SampleEntity).findOneByOrFail({ id });

      const read = await rows.one(dataSource, '"id" = $1', [id]);

      expect(read).toBeInstanceOf(SampleEntity);
      expect(read).toEqual(found);
    }
  });

  it('reads every entity a condition selects, in the order it gives', async () => {
    const read = await rows.many(dataSource, '"partner_id" LIKE $1 ORDER BY "created_at" DESC', [
      'partner-%',
    ]);

    expect(read.map((entity) => entity.partnerId)).toEqual(['partner-b', 'partner-a']);
    expect(read[1]).toEqual(await dataSource.getRepository(SampleEntity).findOneByOrFail({ id: ids[0]! }));
  });

  it('answers null when nothing matches', async () => {
    expect(await rows.one(dataSource, '"partner_id" = $1', ['nobody'])).toBeNull();
  });

  // FOR UPDATE inside the caller's transaction (the embedded test database serves one connection
  // at a time, so a second one cannot be shown waiting here).
  it('reads and locks within the caller’s transaction', async () => {
    const locked = await dataSource.transaction((manager) =>
      rows.one(manager, '"id" = $1', [ids[0]], { lock: true }),
    );

    expect(locked?.partnerId).toBe('partner-a');
  });

  it('hydrates the rows an UPDATE … RETURNING gives back', async () => {
    const [returned]: [Record<string, unknown>[], number] = await dataSource.query(
      `UPDATE ${rows.table} SET "source_amount" = "source_amount" + 1 WHERE "id" = $1 RETURNING ${rows.columns}`,
      [ids[1]],
    );

    expect(rows.hydrate(returned)).toEqual([
      await dataSource.getRepository(SampleEntity).findOneByOrFail({ id: ids[1]! }),
    ]);
  });
});
