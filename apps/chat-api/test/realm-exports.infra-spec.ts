import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { RunningService } from '@platform/http';
import { createLogger } from '@platform/logging';
import type { KafkaEventBus } from '@platform/messaging';
import { expectEventually, kafkaBrokers, startTestDatabase, type TestDatabase } from '@platform/test-support';
import { runScopedKafkaBus, startTestService } from '@platform/testing';
import { chatApiDefinition } from '../src/chat-api.definition.js';
import { CreateRealmUseCase } from '../src/realms/create-realm.use-case.js';

// Two chat-api replicas on one PostgreSQL and one export directory: each requested export is
// built by exactly one of them, and either serves the archive.
describe('organization data exports across two chat-api replicas', () => {
  const run = randomUUID().slice(0, 8);
  const logger = createLogger({ service: 'chat-exports-test', level: 'silent' });
  let database: TestDatabase;
  let exportDir: string;
  const buses: KafkaEventBus[] = [];
  const replicas: RunningService[] = [];

  beforeAll(async () => {
    if (!kafkaBrokers()) throw new Error('KAFKA_BROKERS is not set: eval "$(bash tools/infra/infra.sh env)"');
    database = await startTestDatabase();
    exportDir = await mkdtemp(join(tmpdir(), 'chat-exports-infra-'));
    for (const name of ['a', 'b']) {
      const bus = runScopedKafkaBus({ clientId: `chat-exports-${name}`, run, logger });
      await bus.connect();
      buses.push(bus);
      replicas.push(
        await startTestService(chatApiDefinition, {
          databaseUrl: database.url,
          bus,
          env: {
            CHAT_SECRET_KEY: 'chat-secret-key-for-the-exports-suite-01234',
            CHAT_EXPORT_DIR: exportDir,
            // Both replicas look for work often, so both compete for every export.
            CHAT_EXPORT_POLL_MS: '100',
          },
        }),
      );
    }
  }, 120_000);

  afterAll(async () => {
    for (const replica of replicas) await replica.close();
    for (const bus of buses) await bus.disconnect();
    await database?.drop();
    await rm(exportDir, { recursive: true, force: true });
  });

  it('builds each export exactly once and serves it from either replica', async () => {
    const [a, b] = replicas as [RunningService, RunningService];
    const realm = await a.app.get(CreateRealmUseCase).execute({
      name: `Exports ${run}`,
      ownerEmail: `exports-${run}@example.com`,
      ownerName: 'Export Owner',
      origin: 'http://chat.test',
    });
    const { email, apiKey, userId } = realm.owner;
    const ids: number[] = [];
    for (const replica of [a, b, a, b]) {
      const { body } = await request(replica.app.getHttpServer())
        .post('/api/v1/export/realm')
        .auth(email, apiKey)
        .expect(200);
      ids.push(body.id as number);
    }

    const database = a.app.get(DataSource);
    const rows = await expectEventually(
      async () => {
        const found = (await database.query(
          `SELECT "id", "status", "attempts" FROM "chat"."realm_export" WHERE "realm_id" = $1 ORDER BY "id"`,
          [realm.realmId],
        )) as Array<{ id: number; status: number; attempts: number }>;
        expect(found.map((row) => row.status)).toEqual([3, 3, 3, 3]);
        return found;
      },
      { timeoutMs: 60_000 },
    );
    // Claimed once each: no replica took over an export another was building.
    expect(rows).toEqual(ids.map((id) => ({ id, status: 3, attempts: 1 })));
    // The notice follows each success's commit: wait for all, and no more.
    await expectEventually(async () => {
      const [{ notices }] = (await database.query(
        `SELECT count(*)::int AS "notices" FROM "chat"."message" m JOIN "chat"."user_message" um ON um."message_id" = m."id"
          WHERE m."realm_id" = $1 AND um."user_id" = $2 AND m."content" LIKE 'Your data export is complete.%'`,
        [realm.realmId, userId],
      )) as [{ notices: number }];
      expect(notices).toBe(ids.length);
    });
    for (const replica of [a, b])
      await request(replica.app.getHttpServer())
        .get(`/api/v1/export/realm/${ids[0]}/download`)
        .auth(email, apiKey)
        .expect(200)
        .expect('Content-Type', 'application/gzip');
  }, 90_000);
});
